//! The words of a tournament's results table (JSON and CSV keep their
//! English keys: they are for programs).

use crate::i18n::Lang;

/// A line of the results table. Parameters are already-written pieces.
///
/// ```
/// use liar::i18n::{Lang, TournamentMsg};
/// let m = TournamentMsg::Interrupted;
/// assert_eq!(m.text(Lang::En), " (interrupted)");
/// assert_eq!(m.text(Lang::Ru), " (прервано)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TournamentMsg<'a> {
    /// The first line.
    Header {
        /// Bots.
        bots: usize,
        /// Seats a table.
        table_size: usize,
        /// The seed.
        seed: u64,
        /// Games played.
        played: usize,
        /// Games scheduled.
        scheduled: u64,
    },
    /// After the header: the length of a cycle.
    Cycles {
        /// Games in a cycle.
        len: u64,
    },
    /// After the header: which shard.
    Shard {
        /// `2/8`.
        shard: &'a str,
    },
    /// After the header: stopped by Ctrl-C.
    Interrupted,
    /// Under the standings: the parameters a bot played with.
    Params {
        /// The bot's name.
        bot: &'a str,
        /// `name = value, ...`.
        params: &'a str,
    },
    /// The head-to-head table's title.
    HeadToHead,
    /// How long it took.
    Speed {
        /// Seconds.
        secs: f64,
        /// Games a second.
        rate: f64,
        /// Threads.
        jobs: usize,
    },
    /// A column of the standings, by its English name (`wins`, `95% CI`,
    /// a penalty reason, …); names without a translation stay as they are.
    Column {
        /// The English name.
        name: &'a str,
    },
}

impl TournamentMsg<'_> {
    /// The text in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match *self {
            TournamentMsg::Header {
                bots,
                table_size,
                seed,
                played,
                scheduled,
            } => tr!(
                lang,
                "Tournament: {bots} bots, {table_size} seats a table, seed {seed}\n{played} of {scheduled} games played",
                "Турнир: ботов {bots}, мест за столом {table_size}, сид {seed}\nсыграно партий: {played} из {scheduled}"
            ),
            TournamentMsg::Cycles { len } => {
                tr!(lang, " (cycles of {len})", " (циклы по {len})")
            }
            TournamentMsg::Shard { shard } => tr!(lang, " (shard {shard})", " (часть {shard})"),
            TournamentMsg::Interrupted => tr!(lang, " (interrupted)", " (прервано)"),
            TournamentMsg::Params { bot, params } => {
                tr!(lang, "{bot} played with {params}", "{bot} играл с {params}")
            }
            TournamentMsg::HeadToHead => tr!(
                lang,
                "Head to head: % of shared games the row's bot finished ahead of the column's",
                "Друг против друга: % общих партий, где бот строки занял место выше бота столбца"
            ),
            TournamentMsg::Speed { secs, rate, jobs } => tr!(
                lang,
                "{secs:.2} s, {rate:.1} games/s on {jobs} thread(s)",
                "{secs:.2} с, партий в секунду: {rate:.1}, потоков: {jobs}"
            ),
            TournamentMsg::Column { name } => match lang {
                Lang::En => name.to_string(),
                Lang::Ru => match name {
                    "bot" => "бот",
                    "hash" => "хеш",
                    "games" => "партии",
                    "wins" => "победы",
                    "win%" => "%побед",
                    "95% CI" => "95% ДИ",
                    "chips" => "фишки",
                    "place" => "место",
                    "penalties" => "штрафы",
                    "dq" => "дискв",
                    "ordinal" => "рейтинг",
                    "mean ms" => "ср. мс",
                    "worst ms" => "макс. мс",
                    other => other,
                }
                .to_string(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_is_translated() {
        let all = [
            TournamentMsg::Header {
                bots: 2,
                table_size: 2,
                seed: 1,
                played: 1,
                scheduled: 2,
            },
            TournamentMsg::Cycles { len: 2 },
            TournamentMsg::Shard { shard: "1/2" },
            TournamentMsg::Interrupted,
            TournamentMsg::Params {
                bot: "a",
                params: "x = 1",
            },
            TournamentMsg::HeadToHead,
            TournamentMsg::Speed {
                secs: 1.0,
                rate: 1.0,
                jobs: 1,
            },
            TournamentMsg::Column { name: "wins" },
        ];
        for m in all {
            assert_ne!(m.text(Lang::En), m.text(Lang::Ru), "{m:?}");
        }
    }
}
