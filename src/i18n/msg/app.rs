//! What the commands themselves say around a match or a report: seeds,
//! replay files, results tables, the list of recorded games, and the
//! app's own refusals.

use crate::i18n::Lang;

/// A message of a command (not of the game at the table, which is
/// [`super::Msg`]). Parameters are already-written pieces.
///
/// ```
/// use liar::i18n::{AppMsg, Lang};
/// assert_eq!(AppMsg::Seed { seed: 11 }.text(Lang::En), "seed 11");
/// assert_eq!(AppMsg::Seed { seed: 11 }.text(Lang::Ru), "сид 11");
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum AppMsg<'a> {
    /// A seed that was given (`--seed` or the file's).
    Seed {
        /// The seed.
        seed: u64,
    },
    /// Before the run: a drawn seed, said only by its commitment.
    SeedSealed {
        /// Its SHA-256, in hex.
        commitment: &'a str,
    },
    /// After the run: the drawn seed and its commitment.
    SeedDrawn {
        /// The seed.
        seed: u64,
        /// Its SHA-256, in hex.
        commitment: &'a str,
    },
    /// After a second Ctrl-C: the drawn seed, before exiting at once.
    SeedAtExit {
        /// The seed.
        seed: u64,
    },
    /// `check-bot`: the seed and how to repeat the check.
    CheckSeed {
        /// The seed.
        seed: u64,
        /// Whether it was drawn at random.
        drawn: bool,
    },
    /// Where the replay was written.
    ReplayWritten {
        /// The file.
        path: &'a str,
    },
    /// The replay folder or file cannot be made: the match is played
    /// without one.
    ReplayUnavailable {
        /// The file or folder.
        path: &'a str,
        /// Why.
        reason: &'a str,
    },
    /// No folder for the user's data (no home directory).
    NoDataFolder,
    /// The results table's header.
    SummaryHeader {
        /// The width of the name column.
        width: usize,
    },
    /// A seat that was disqualified, after its row.
    Disqualified,
    /// The match stopped before its last game.
    StoppedEarly {
        /// Games played.
        games: u32,
    },
    /// `simulate`: how long the match took.
    Speed {
        /// Games.
        games: u32,
        /// Rounds.
        rounds: u64,
        /// Decisions.
        decisions: u64,
        /// Seconds.
        secs: f64,
    },
    /// `replay` without a file: nothing recorded yet.
    NoRecordedGames {
        /// The folder looked in.
        dir: &'a str,
    },
    /// `replay` without a file: the header of the list.
    RecordedGames {
        /// The folder.
        dir: &'a str,
    },
    /// `replay` without a file: how many games a recorded match finished.
    GamesCount {
        /// Games finished.
        games: usize,
    },
    /// `replay` without a file: how to open one.
    OpenRecorded,
    /// `replay --check`: a valid file and what it holds.
    ValidReplay {
        /// The file.
        path: &'a str,
        /// Seats, games, rounds, claims, challenges, penalties.
        counts: [u64; 6],
        /// Whether the match was stopped early.
        aborted: bool,
    },
    /// `replay --check`: the seed and how far the dice were checked.
    CheckedSeed {
        /// The seed.
        seed: u64,
        /// Drawn at random (the file gave its commitment).
        sealed: bool,
        /// Every die checked against the seed.
        dice_checked: bool,
    },
    /// `new-bot`: where the template went.
    TemplateWritten {
        /// The file.
        path: &'a str,
    },
    /// The first Ctrl-C: the match is stopping (at once at a person's
    /// prompt, else when the current round ends).
    Stopping,
    /// Stopped by Ctrl-C; `kept` when a replay keeps what was played.
    Interrupted {
        /// Whether a replay file was written.
        kept: bool,
    },
    /// `liar join` stopped by Ctrl-C: the match itself goes on.
    LeftOnline,
}

impl AppMsg<'_> {
    /// The message in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match *self {
            AppMsg::Seed { seed } => tr!(lang, "seed {seed}", "сид {seed}"),
            AppMsg::SeedSealed { commitment } => tr!(
                lang,
                "seed sealed: sha256 {commitment} (drawn at random; the seed is shown at the end)",
                "сид запечатан: sha256 {commitment} (выбран случайно; сам сид будет показан в конце)"
            ),
            AppMsg::SeedDrawn { seed, commitment } => tr!(
                lang,
                "seed {seed} (drawn at random; sha256 {commitment})",
                "сид {seed} (выбран случайно; sha256 {commitment})"
            ),
            AppMsg::SeedAtExit { seed } => tr!(
                lang,
                "seed {seed} (drawn at random)",
                "сид {seed} (выбран случайно)"
            ),
            AppMsg::CheckSeed { seed, drawn: true } => tr!(
                lang,
                "seed {seed} (drawn at random; --seed {seed} repeats this check)",
                "сид {seed} (выбран случайно; --seed {seed} повторит эту проверку)"
            ),
            AppMsg::CheckSeed { seed, drawn: false } => tr!(
                lang,
                "seed {seed} (given; --seed {seed} repeats this check)",
                "сид {seed} (задан; --seed {seed} повторит эту проверку)"
            ),
            AppMsg::ReplayWritten { path } => tr!(
                lang,
                "replay written to {path}",
                "запись матча сохранена: {path}"
            ),
            AppMsg::ReplayUnavailable { path, reason } => tr!(
                lang,
                "cannot write a replay to {path} ({reason}); the game goes on without one",
                "не удаётся сохранить запись в {path} ({reason}); игра продолжится без записи"
            ),
            AppMsg::NoDataFolder => tr!(
                lang,
                "no folder for the user's data (is HOME set?); the game goes on without a replay",
                "нет папки для данных пользователя (задана ли HOME?); игра продолжится без записи"
            ),
            AppMsg::SummaryHeader { width } => match lang {
                Lang::En => format!(
                    "{:>5}  {:<width$}  {:>7}  {:>7}  {:>6}  {:>9}  penalties",
                    "seat", "name", "wins", "win %", "chips", "failures"
                ),
                Lang::Ru => format!(
                    "{:>5}  {:<width$}  {:>7}  {:>7}  {:>6}  {:>9}  штрафы",
                    "место", "имя", "победы", "% побед", "фишки", "сбои"
                ),
            },
            AppMsg::Disqualified => tr!(lang, " (disqualified)", " (дисквалифицирован)"),
            AppMsg::StoppedEarly { games } => {
                let played = crate::i18n::count(u64::from(games), crate::i18n::Noun::Game, lang);
                tr!(
                    lang,
                    "the match stopped early after {played}",
                    "матч остановлен досрочно; сыграно партий: {games}"
                )
            }
            AppMsg::Speed {
                games,
                rounds,
                decisions,
                secs,
            } => {
                let rate = f64::from(games) / secs.max(1e-9);
                let played = crate::i18n::count(u64::from(games), crate::i18n::Noun::Game, lang);
                tr!(
                    lang,
                    "{played}, {rounds} rounds, {decisions} decisions in {secs:.3} s ({rate:.0} games/s)",
                    "партий: {games}, раундов: {rounds}, решений: {decisions} за {secs:.3} с (партий в секунду: {rate:.0})"
                )
            }
            AppMsg::NoRecordedGames { dir } => tr!(
                lang,
                "No recorded games yet in {dir}: `liar play` records every match there.",
                "В {dir} пока нет записанных игр: `liar play` сохраняет туда каждый матч."
            ),
            AppMsg::RecordedGames { dir } => tr!(
                lang,
                "Recorded games in {dir}, newest first:",
                "Записанные игры в {dir}, сначала новые:"
            ),
            AppMsg::GamesCount { games } => tr!(lang, "games: {games}", "партий: {games}"),
            AppMsg::OpenRecorded => tr!(
                lang,
                "Open one with: liar replay NAME (--check checks it).",
                "Открыть запись: liar replay ИМЯ (--check проверит её)."
            ),
            AppMsg::ValidReplay {
                path,
                counts: [seats, games, rounds, claims, challenges, penalties],
                aborted,
            } => {
                let early = match (aborted, lang) {
                    (false, _) => "",
                    (true, Lang::En) => " (the match was stopped early)",
                    (true, Lang::Ru) => " (матч остановлен досрочно)",
                };
                tr!(
                    lang,
                    "{path}: valid replay: {seats} seats, {games} games, {rounds} rounds, {claims} claims, {challenges} challenges, {penalties} penalties{early}",
                    "{path}: запись верна: мест {seats}, партий {games}, раундов {rounds}, заявок {claims}, вскрытий {challenges}, штрафов {penalties}{early}"
                )
            }
            AppMsg::CheckedSeed {
                seed,
                sealed,
                dice_checked,
            } => match (sealed, dice_checked) {
                (true, _) => tr!(
                    lang,
                    "seed {seed}: drawn at random: its SHA-256 is the commitment of the `match` line, and every die is the seed's",
                    "сид {seed}: выбран случайно; его SHA-256 совпадает с обязательством в строке `match`, и каждый кубик выпал по этому сиду"
                ),
                (false, true) => tr!(
                    lang,
                    "seed {seed}: every die is the seed's",
                    "сид {seed}: каждый кубик выпал по этому сиду"
                ),
                (false, false) => tr!(
                    lang,
                    "seed {seed}: format version 1: the dice are not checked against the seed",
                    "сид {seed}: формат версии 1, кубики по сиду не проверяются"
                ),
            },
            AppMsg::TemplateWritten { path } => tr!(
                lang,
                "wrote {path} — try it with: liar check-bot {path}",
                "создан {path} — проверьте его: liar check-bot {path}"
            ),
            AppMsg::Stopping => tr!(
                lang,
                "liar: stopping the match (Ctrl-C again to quit at once)",
                "liar: матч останавливается (ещё раз Ctrl-C — выйти сразу)"
            ),
            AppMsg::Interrupted { kept: true } => tr!(
                lang,
                "interrupted; what was played is kept in the replay",
                "прервано; сыгранное сохранено в записи"
            ),
            AppMsg::LeftOnline => tr!(
                lang,
                "interrupted here; the match goes on at the server",
                "прервано здесь; матч продолжается на сервере"
            ),
            AppMsg::Interrupted { kept: false } => tr!(
                lang,
                "interrupted (no replay was written)",
                "прервано (запись не велась)"
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
            AppMsg::Seed { seed: 1 },
            AppMsg::SeedSealed { commitment: "ab" },
            AppMsg::SeedDrawn {
                seed: 1,
                commitment: "ab",
            },
            AppMsg::SeedAtExit { seed: 1 },
            AppMsg::CheckSeed {
                seed: 1,
                drawn: true,
            },
            AppMsg::CheckSeed {
                seed: 1,
                drawn: false,
            },
            AppMsg::ReplayWritten { path: "f" },
            AppMsg::ReplayUnavailable {
                path: "f",
                reason: "r",
            },
            AppMsg::NoDataFolder,
            AppMsg::SummaryHeader { width: 4 },
            AppMsg::Disqualified,
            AppMsg::StoppedEarly { games: 1 },
            AppMsg::Speed {
                games: 1,
                rounds: 1,
                decisions: 1,
                secs: 1.0,
            },
            AppMsg::NoRecordedGames { dir: "d" },
            AppMsg::RecordedGames { dir: "d" },
            AppMsg::GamesCount { games: 2 },
            AppMsg::OpenRecorded,
            AppMsg::TemplateWritten { path: "f" },
            AppMsg::ValidReplay {
                path: "f",
                counts: [1; 6],
                aborted: true,
            },
            AppMsg::CheckedSeed {
                seed: 1,
                sealed: false,
                dice_checked: false,
            },
            AppMsg::Stopping,
            AppMsg::Interrupted { kept: true },
            AppMsg::LeftOnline,
            AppMsg::Interrupted { kept: false },
        ];
        for m in all {
            assert_ne!(m.text(Lang::En), m.text(Lang::Ru), "{m:?}");
        }
    }
}
