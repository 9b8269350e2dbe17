//! What `liar check-bot` tells a bot's author, line by line.

use crate::engine::PenaltyReason;
use crate::i18n::Lang;

/// A line (or a warning) of the `check-bot` report. Parameters are
/// already-written pieces: sizes as `1.2 MiB`, lists joined.
///
/// ```
/// use liar::i18n::{CheckMsg, Lang};
/// assert_eq!(CheckMsg::Pass.text(Lang::En), "Result: PASS");
/// assert_eq!(CheckMsg::Pass.text(Lang::Ru), "Итог: ПРОЙДЕНО");
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CheckMsg<'a> {
    /// The first line: the file and the bot's name, if it gave one.
    Checking {
        /// The file.
        chunk: &'a str,
        /// The bot's own name.
        name: Option<&'a str>,
    },
    /// The bot did not load.
    LoadFailed,
    /// The result when it did not load.
    FailNoLoad,
    /// It loaded.
    Loaded {
        /// The API version.
        api: i64,
        /// Its state's size after loading.
        state: &'a str,
    },
    /// Games played.
    Played {
        /// Games.
        games: u32,
        /// The opponents, joined.
        opponents: &'a str,
        /// Games won.
        wins: u32,
    },
    /// No penalty.
    NoPenalties,
    /// Penalties, with a count per reason.
    Penalties {
        /// In all.
        total: u32,
        /// `timeout 2, error 1`.
        reasons: &'a str,
    },
    /// One penalty.
    Penalty {
        /// The match (1 to 3).
        round: u32,
        /// The game in it.
        game: u32,
        /// The reason's name.
        reason: &'a str,
        /// What happened.
        detail: &'a str,
    },
    /// A penalty reason's name: in English the name replays and the
    /// results write (`budget`), in Russian a word.
    ReasonName {
        /// The reason.
        reason: PenaltyReason,
    },
    /// Penalties not listed.
    MorePenalties {
        /// How many.
        more: usize,
    },
    /// The slowest call and the counts.
    Slowest {
        /// Milliseconds.
        ms: f64,
        /// Which call.
        call: &'a str,
        /// Decisions.
        decisions: u64,
        /// Events observed.
        observed: u64,
    },
    /// The busiest call.
    BudgetBusiest {
        /// Instructions used.
        used: u64,
        /// The budget.
        limit: u64,
    },
    /// A call the clock stopped, as this run measured it.
    MeasuredTimeout {
        /// Which call, what it overran, how long it took, where it was.
        text: &'a str,
    },
    /// The lowest the match bank fell.
    BankLowest {
        /// Instructions it held then.
        lowest: u64,
        /// What a match starts with.
        bank: u64,
        /// What each call adds.
        share: u64,
    },
    /// The memory peak.
    Memory {
        /// The peak.
        peak: &'a str,
        /// The limit.
        limit: &'a str,
    },
    /// Deterministic.
    DeterministicYes,
    /// Not deterministic.
    DeterministicNo,
    /// Where two runs differ.
    Difference {
        /// The replay line.
        line: usize,
        /// The first run's line.
        first: &'a str,
        /// The second run's line.
        second: &'a str,
    },
    /// A run had no such line.
    Nothing,
    /// Determinism not checked.
    DeterministicUnchecked,
    /// A match after others in one state played as from a fresh state.
    FreshStartYes,
    /// It did not.
    FreshStartNo,
    /// A warning line around its text.
    Warning {
        /// The warning.
        text: &'a str,
    },
    /// Too many log lines.
    WarnLogLimit {
        /// The limit.
        lines: u32,
    },
    /// A call close to the budget.
    WarnNearBudget {
        /// Used.
        used: u64,
        /// The budget.
        limit: u64,
    },
    /// The bank ran low.
    WarnLowBank {
        /// What each call adds.
        share: u64,
    },
    /// A slow call.
    WarnSlow {
        /// Milliseconds.
        ms: f64,
        /// The limit in ms.
        limit: u64,
    },
    /// A large state.
    WarnLargeState {
        /// The peak.
        peak: &'a str,
        /// The limit.
        limit: &'a str,
    },
    /// Different play from the same seed.
    WarnNondeterministic,
    /// Different play after other matches in the same state.
    WarnCarriesOver,
    /// Passed.
    Pass,
    /// Failed with penalties.
    Fail {
        /// Penalties in all.
        total: u32,
    },
}

impl CheckMsg<'_> {
    /// The text in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match *self {
            CheckMsg::Checking {
                chunk,
                name: Some(name),
            } => {
                tr!(
                    lang,
                    "Checking {chunk} (\"{name}\")",
                    "Проверка {chunk} («{name}»)"
                )
            }
            CheckMsg::Checking { chunk, name: None } => {
                tr!(lang, "Checking {chunk}", "Проверка {chunk}")
            }
            CheckMsg::LoadFailed => tr!(lang, "  load:          FAILED", "  загрузка:      ОШИБКА"),
            CheckMsg::FailNoLoad => tr!(
                lang,
                "Result: FAIL (the bot did not load)",
                "Итог: НЕ ПРОЙДЕНО (бот не загрузился)"
            ),
            CheckMsg::Loaded { api, state } => tr!(
                lang,
                "  load:          ok, api_version {api}, state {state}",
                "  загрузка:      ok, api_version {api}, состояние {state}"
            ),
            CheckMsg::Played {
                games,
                opponents,
                wins,
            } => tr!(
                lang,
                "  played:        {games} games against {opponents}; won {wins}",
                "  сыграно:       партий {games} против {opponents}; выиграно {wins}"
            ),
            CheckMsg::NoPenalties => tr!(lang, "  penalties:     none", "  штрафы:        нет"),
            CheckMsg::Penalties { total, reasons } => tr!(
                lang,
                "  penalties:     {total} ({reasons})",
                "  штрафы:        {total} ({reasons})"
            ),
            CheckMsg::Penalty {
                round,
                game,
                reason,
                detail,
            } => tr!(
                lang,
                "    match {round} game {game}: {reason}: {detail}",
                "    матч {round}, партия {game}: {reason}: {detail}"
            ),
            CheckMsg::ReasonName { reason } => match lang {
                Lang::En => reason.name().to_string(),
                Lang::Ru => match reason {
                    PenaltyReason::Timeout => "время",
                    PenaltyReason::Error => "ошибка",
                    PenaltyReason::Illegal => "недопустимый ход",
                    PenaltyReason::Budget => "лимит инструкций",
                    PenaltyReason::Memory => "память",
                    PenaltyReason::Other => "сбой",
                }
                .to_string(),
            },
            CheckMsg::MorePenalties { more } => {
                tr!(lang, "    ... and {more} more", "    ... и ещё {more}")
            }
            CheckMsg::Slowest {
                ms,
                call,
                decisions,
                observed,
            } => tr!(
                lang,
                "  slowest call:  {ms:.3} ms ({call}); {decisions} decisions, {observed} events observed",
                "  самый долгий:  {ms:.3} мс ({call}); решений {decisions}, событий {observed}"
            ),
            CheckMsg::BudgetBusiest { used, limit } => tr!(
                lang,
                "  budget:        the busiest call used {used} of its {limit} instructions",
                "  бюджет:        самый тяжёлый вызов потратил {used} из {limit} инструкций"
            ),
            CheckMsg::MeasuredTimeout { text } => tr!(
                lang,
                "    timeout as measured in this run: {text}",
                "    превышение времени, как измерено в этом прогоне: {text}"
            ),
            CheckMsg::BankLowest {
                lowest,
                bank,
                share,
            } => tr!(
                lang,
                "  match bank:    at its lowest {lowest} instructions (a match starts with {bank}, each call adds {share})",
                "  банк матча:    в худший момент {lowest} инструкций (в начале матча {bank}, каждый вызов добавляет {share})"
            ),
            CheckMsg::Memory { peak, limit } => tr!(
                lang,
                "  memory peak:   {peak} (limit {limit})",
                "  пик памяти:    {peak} (предел {limit})"
            ),
            CheckMsg::DeterministicYes => tr!(
                lang,
                "  deterministic: yes (the same seed replayed identically)",
                "  повторяемость: да (тот же сид дал ту же игру)"
            ),
            CheckMsg::DeterministicNo => tr!(lang, "  deterministic: NO", "  повторяемость: НЕТ"),
            CheckMsg::Difference {
                line,
                first,
                second,
            } => tr!(
                lang,
                "    replay line {line}: first run {first}, second run {second}",
                "    строка записи {line}: первый прогон {first}, второй прогон {second}"
            ),
            CheckMsg::Nothing => tr!(lang, "(nothing)", "(ничего)"),
            CheckMsg::DeterministicUnchecked => tr!(
                lang,
                "  deterministic: not checked",
                "  повторяемость: не проверялась"
            ),
            CheckMsg::FreshStartYes => tr!(
                lang,
                "  fresh start:   yes (the last match, played after the others in the same state, replayed as from a fresh state)",
                "  чистый старт:  да (последний матч, сыгранный после других в том же состоянии, повторился как с чистого состояния)"
            ),
            CheckMsg::FreshStartNo => tr!(
                lang,
                "  fresh start:   NO (the last match, played after the others in the same state, differs from a fresh state's)",
                "  чистый старт:  НЕТ (последний матч, сыгранный после других в том же состоянии, отличается от сыгранного с чистого)"
            ),
            CheckMsg::Warning { text } => {
                tr!(lang, "  warning: {text}", "  предупреждение: {text}")
            }
            CheckMsg::WarnLogLimit { lines } => tr!(
                lang,
                "the bot wrote more than the log limit of {lines} lines in a game; the rest were dropped",
                "бот написал в журнал больше {lines} строк за партию; остальные отброшены"
            ),
            CheckMsg::WarnNearBudget { used, limit } => tr!(
                lang,
                "one call used {used} of its {limit} instructions: close to the budget",
                "один вызов потратил {used} из {limit} инструкций: почти весь бюджет"
            ),
            CheckMsg::WarnLowBank { share } => tr!(
                lang,
                "the match bank ran low: calls that use more than {share} instructions on average run it dry, and a seat whose bank runs dry is out of the match",
                "банк матча почти исчерпан: вызовы, тратящие в среднем больше {share} инструкций, исчерпывают его, а место с пустым банком выбывает из матча"
            ),
            CheckMsg::WarnSlow { ms, limit } => tr!(
                lang,
                "the slowest call took {ms:.1} ms, a large part of the {limit} ms limit",
                "самый долгий вызов занял {ms:.1} мс, большую часть предела в {limit} мс"
            ),
            CheckMsg::WarnLargeState { peak, limit } => tr!(
                lang,
                "the bot's state grew to {peak} of its {limit} limit",
                "состояние бота выросло до {peak} при пределе {limit}"
            ),
            CheckMsg::WarnNondeterministic => tr!(
                lang,
                "the same seed gave different play: the order of pairs() over tables or functions used as keys, and collectgarbage(\"count\"), vary between runs; use liar.sorted_pairs and liar.random",
                "тот же сид дал другую игру: порядок pairs() по ключам-таблицам и ключам-функциям и collectgarbage(\"count\") меняются от запуска к запуску; используйте liar.sorted_pairs и liar.random"
            ),
            CheckMsg::WarnCarriesOver => tr!(
                lang,
                "something the bot kept outlived a match and changed the next one; please report this, it is the engine's to fix",
                "что-то, сохранённое ботом, пережило матч и изменило следующий; сообщите об этом: исправлять это движку"
            ),
            CheckMsg::Pass => tr!(lang, "Result: PASS", "Итог: ПРОЙДЕНО"),
            CheckMsg::Fail { total } => tr!(
                lang,
                "Result: FAIL ({total} penalties)",
                "Итог: НЕ ПРОЙДЕНО (штрафов: {total})"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_is_translated() {
        let all = [
            CheckMsg::Checking {
                chunk: "b.lua",
                name: Some("b"),
            },
            CheckMsg::Checking {
                chunk: "b.lua",
                name: None,
            },
            CheckMsg::LoadFailed,
            CheckMsg::FailNoLoad,
            CheckMsg::Loaded {
                api: 1,
                state: "1 KiB",
            },
            CheckMsg::Played {
                games: 1,
                opponents: "x",
                wins: 0,
            },
            CheckMsg::NoPenalties,
            CheckMsg::Penalties {
                total: 1,
                reasons: "error 1",
            },
            CheckMsg::Penalty {
                round: 1,
                game: 1,
                reason: "error",
                detail: "d",
            },
            CheckMsg::MorePenalties { more: 1 },
            CheckMsg::ReasonName {
                reason: PenaltyReason::Budget,
            },
            CheckMsg::Slowest {
                ms: 1.0,
                call: "claim",
                decisions: 1,
                observed: 1,
            },
            CheckMsg::BudgetBusiest { used: 1, limit: 2 },
            CheckMsg::Memory {
                peak: "1",
                limit: "2",
            },
            CheckMsg::DeterministicYes,
            CheckMsg::DeterministicNo,
            CheckMsg::Difference {
                line: 1,
                first: "a",
                second: "b",
            },
            CheckMsg::Nothing,
            CheckMsg::DeterministicUnchecked,
            CheckMsg::Warning { text: "w" },
            CheckMsg::WarnLogLimit { lines: 1 },
            CheckMsg::WarnNearBudget { used: 1, limit: 2 },
            CheckMsg::WarnSlow { ms: 1.0, limit: 2 },
            CheckMsg::WarnLowBank { share: 3 },
            CheckMsg::MeasuredTimeout { text: "claim: x" },
            CheckMsg::BankLowest {
                lowest: 1,
                bank: 2,
                share: 3,
            },
            CheckMsg::WarnLargeState {
                peak: "1",
                limit: "2",
            },
            CheckMsg::WarnNondeterministic,
            CheckMsg::WarnCarriesOver,
            CheckMsg::FreshStartYes,
            CheckMsg::FreshStartNo,
            CheckMsg::Pass,
            CheckMsg::Fail { total: 1 },
        ];
        for m in all {
            assert_ne!(m.text(Lang::En), m.text(Lang::Ru), "{m:?}");
        }
    }
}
