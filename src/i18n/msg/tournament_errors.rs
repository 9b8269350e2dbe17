//! Why a tournament cannot be played, read or merged: [`SpecError::text`],
//! [`ReadError::text`], [`BadShard::text`], [`MergeError::text`] and
//! [`RunError::text`] (whose English is each error's Display). What
//! serde_json, the engine or a bot's loader says stays in its own words,
//! framed.

use crate::i18n::Lang;
use crate::tournament::{BadShard, MergeError, ReadError, RunError, SeatOrders, SpecError};
use crate::tournament::{RESULTS_FORMAT, RESULTS_VERSION};

impl SpecError {
    /// Why the tournament cannot be played, in `lang`.
    ///
    /// ```
    /// use liar::i18n::Lang;
    /// use liar::tournament::SpecError;
    /// let e = SpecError::TooLarge;
    /// assert_eq!(e.text(Lang::En), e.to_string());
    /// assert_eq!(e.text(Lang::Ru), "расписание слишком велико (больше 2^64 партий)");
    /// ```
    pub fn text(&self, lang: Lang) -> String {
        match self {
            SpecError::TooFewBots { bots, seats } => tr!(
                lang,
                "{bots} bots cannot fill a table of {seats} seats",
                "ботов: {bots}, а за столом мест: {seats}; ботов не хватает"
            ),
            SpecError::TableSize { seats, min, max } => tr!(
                lang,
                "a table of {seats} seats is not allowed (the rules allow {min} to {max})",
                "стол на {seats} мест не допускается (по правилам от {min} до {max})"
            ),
            SpecError::DuplicateName(name) => tr!(
                lang,
                "two bots are named {name:?}; names must be unique",
                "двух ботов зовут {name:?}; имена должны быть разными"
            ),
            SpecError::TooManyPermutations(seats) => {
                let max = SeatOrders::MAX_PERMUTATION_SEATS;
                tr!(
                    lang,
                    "seat_orders = \"permutations\" allows at most {max} seats, got {seats}",
                    "при seat_orders = \"permutations\" мест может быть не больше {max}, а задано {seats}"
                )
            }
            SpecError::TooLarge => tr!(
                lang,
                "the schedule is too large (more than 2^64 games)",
                "расписание слишком велико (больше 2^64 партий)"
            ),
        }
    }
}

impl ReadError {
    /// Why a results file cannot be read, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            ReadError::Json(error) => tr!(
                lang,
                "not a tournament results file: {error}",
                "это не файл результатов турнира: {error}"
            ),
            ReadError::Version { format, version } => tr!(
                lang,
                "unsupported results format {format:?} version {version} (expected {RESULTS_FORMAT:?} version {RESULTS_VERSION})",
                "формат результатов {format:?} версии {version} не поддерживается (ожидается {RESULTS_FORMAT:?} версии {RESULTS_VERSION})"
            ),
        }
    }
}

impl BadShard {
    /// Why a `--shard` value is not one, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let given = &self.0;
        tr!(
            lang,
            "bad shard {given:?}: expected K/N with 1 <= K <= N, e.g. 2/8",
            "неверная часть {given:?}: нужно K/N, где 1 <= K <= N, например 2/8"
        )
    }
}

impl MergeError {
    /// Why shard results do not merge, in `lang`.
    ///
    /// ```
    /// use liar::i18n::Lang;
    /// use liar::tournament::MergeError;
    /// let e = MergeError::Missing("2/3".into());
    /// assert_eq!(e.text(Lang::En), e.to_string());
    /// assert_eq!(e.text(Lang::Ru), "не хватает частей: 2/3");
    /// ```
    pub fn text(&self, lang: Lang) -> String {
        match self {
            MergeError::Empty => tr!(lang, "no results to merge", "нечего объединять"),
            MergeError::OtherTournament { file, first } => tr!(
                lang,
                "{file}: a different tournament from {first}",
                "{file}: другой турнир, не тот, что в {first}"
            ),
            MergeError::OtherSplit {
                file,
                shard,
                first,
                count,
            } => tr!(
                lang,
                "{file}: shard {shard}, but {first} is one of {count}",
                "{file}: часть {shard}, а {first} — одна из {count}"
            ),
            MergeError::Duplicate { file, shard, other } => tr!(
                lang,
                "{file}: shard {shard} is also in {other}",
                "{file}: часть {shard} есть и в {other}"
            ),
            MergeError::Missing(shards) => {
                tr!(
                    lang,
                    "shards missing: {shards}",
                    "не хватает частей: {shards}"
                )
            }
            MergeError::StrayGame { file, game, shard } => tr!(
                lang,
                "{file}: game {game} does not belong to shard {shard} of this tournament",
                "{file}: партия {game} не из части {shard} этого турнира"
            ),
            MergeError::Spec { file, error } => {
                let error = error.text(lang);
                tr!(lang, "{file}: {error}", "{file}: {error}")
            }
        }
    }
}

impl RunError {
    /// Why the tournament stopped, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            RunError::Spec(e) => e.text(lang),
            RunError::Player { name, message, .. } => {
                tr!(lang, "bot {name:?}: {message}", "бот {name:?}: {message}")
            }
            RunError::Shard(e) => e.text(lang),
            RunError::Setup(e) => e.to_string(),
            RunError::Replay { path, message } => {
                let path = path.display();
                tr!(
                    lang,
                    "cannot write replay {path}: {message}",
                    "не удаётся записать запись {path}: {message}"
                )
            }
            RunError::NoSuchGame { game, total } => tr!(
                lang,
                "no game {game}: the tournament has {total} games (numbered from 0)",
                "партии {game} нет: в турнире партий {total} (счёт с 0)"
            ),
            RunError::Panicked => tr!(
                lang,
                "a worker thread panicked",
                "рабочий поток аварийно завершился"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Shard;

    fn has_russian(s: &str) -> bool {
        s.chars().any(|c| ('а'..='я').contains(&c))
    }

    fn check(en: String, ru: String, display: String) {
        assert_eq!(en, display);
        assert_ne!(en, ru);
        assert!(has_russian(&ru), "{ru}");
    }

    /// One spec error of each kind (the match makes a new kind a compile
    /// error here until it has a sample).
    fn spec_errors() -> Vec<SpecError> {
        let all = vec![
            SpecError::TooFewBots { bots: 2, seats: 3 },
            SpecError::TableSize {
                seats: 12,
                min: 2,
                max: 10,
            },
            SpecError::DuplicateName("a".into()),
            SpecError::TooManyPermutations(9),
            SpecError::TooLarge,
        ];
        for e in &all {
            match e {
                SpecError::TooFewBots { .. }
                | SpecError::TableSize { .. }
                | SpecError::DuplicateName(_)
                | SpecError::TooManyPermutations(_)
                | SpecError::TooLarge => {}
            }
        }
        all
    }

    #[test]
    fn every_spec_read_and_shard_error_has_its_own_russian_text() {
        for e in spec_errors() {
            check(e.text(Lang::En), e.text(Lang::Ru), e.to_string());
        }
        let json = serde_json::from_str::<u32>("x").expect_err("not json");
        let reads = [
            ReadError::Json(json),
            ReadError::Version {
                format: "x".into(),
                version: 9,
            },
        ];
        for e in &reads {
            match e {
                ReadError::Json(_) | ReadError::Version { .. } => {}
            }
            check(e.text(Lang::En), e.text(Lang::Ru), e.to_string());
        }
        let bad = BadShard("4/3".into());
        check(bad.text(Lang::En), bad.text(Lang::Ru), bad.to_string());
    }

    #[test]
    fn every_merge_error_has_its_own_russian_text() {
        let shard: Shard = "1/2".parse().expect("a shard");
        let s = |t: &str| t.to_string();
        let all = vec![
            MergeError::Empty,
            MergeError::OtherTournament {
                file: s("b.json"),
                first: s("a.json"),
            },
            MergeError::OtherSplit {
                file: s("b.json"),
                shard,
                first: s("a.json"),
                count: 3,
            },
            MergeError::Duplicate {
                file: s("b.json"),
                shard,
                other: s("a.json"),
            },
            MergeError::Missing(s("2/2")),
            MergeError::StrayGame {
                file: s("b.json"),
                game: 4,
                shard,
            },
            MergeError::Spec {
                file: s("b.json"),
                error: SpecError::TooLarge,
            },
        ];
        for e in &all {
            match e {
                MergeError::Empty
                | MergeError::OtherTournament { .. }
                | MergeError::OtherSplit { .. }
                | MergeError::Duplicate { .. }
                | MergeError::Missing(_)
                | MergeError::StrayGame { .. }
                | MergeError::Spec { .. } => {}
            }
            check(e.text(Lang::En), e.text(Lang::Ru), e.to_string());
        }
    }

    #[test]
    fn every_run_error_has_its_own_russian_text() {
        let all = vec![
            RunError::Spec(SpecError::TooLarge),
            RunError::Player {
                bot: 0,
                name: "a".into(),
                message: "oops".into(),
            },
            RunError::Shard(BadShard("0/1".into())),
            RunError::Replay {
                path: "r.jsonl".into(),
                message: "denied".into(),
            },
            RunError::NoSuchGame { game: 9, total: 3 },
            RunError::Panicked,
        ];
        for e in &all {
            match e {
                RunError::Spec(_)
                | RunError::Player { .. }
                | RunError::Shard(_)
                | RunError::Replay { .. }
                | RunError::NoSuchGame { .. }
                | RunError::Panicked => {}
                // The engine's own words (engine::SetupError) stay English.
                RunError::Setup(_) => {}
            }
            check(e.text(Lang::En), e.text(Lang::Ru), e.to_string());
        }
    }
}
