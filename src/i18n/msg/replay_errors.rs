//! Why a replay cannot be read or checked: [`ReplayErrorKind::text`],
//! [`ReplayError::text`], [`Unfinished::text`] and [`CheckError::text`]
//! (whose English is each error's Display). What serde or the system says
//! stays in its own words, framed. Why an event could not have happened is
//! [`Invalid::text`].

use crate::i18n::Lang;
use crate::replay::{
    CheckError, Invalid, MAX_LINE_BYTES, ParamsProblem, ReplayError, ReplayErrorKind, Unfinished,
};

impl ReplayErrorKind {
    /// What is wrong with a line, in `lang`.
    ///
    /// ```
    /// use liar::i18n::Lang;
    /// use liar::replay::ReplayErrorKind;
    /// let k = ReplayErrorKind::Empty;
    /// assert_eq!(k.text(Lang::En), k.to_string());
    /// assert_eq!(k.text(Lang::Ru), "пустая строка");
    /// ```
    pub fn text(&self, lang: Lang) -> String {
        use ReplayErrorKind as K;
        match self {
            K::Io(error) => tr!(
                lang,
                "cannot read the file: {error}",
                "не удаётся прочитать файл: {error}"
            ),
            K::NotUtf8 { column } => tr!(
                lang,
                "not UTF-8 text (invalid byte at column {column})",
                "это не текст в UTF-8 (неверный байт в столбце {column})"
            ),
            K::TooLong => tr!(
                lang,
                "the line is longer than {MAX_LINE_BYTES} bytes",
                "строка длиннее {MAX_LINE_BYTES} байт"
            ),
            K::Empty => tr!(lang, "empty line", "пустая строка"),
            K::BadJson(detail) => tr!(lang, "bad JSON: {detail}", "ошибка JSON: {detail}"),
            K::MissingType => tr!(
                lang,
                "no \"type\" string field",
                "нет строкового поля \"type\""
            ),
            K::UnknownType(t) => tr!(
                lang,
                "unknown event type {t:?}",
                "неизвестный тип события {t:?}"
            ),
            K::MissingField { event, field } => tr!(
                lang,
                "`{event}` event: missing field `{field}`",
                "событие `{event}`: нет поля `{field}`"
            ),
            K::BadField { event, message } => tr!(
                lang,
                "`{event}` event: {message}",
                "событие `{event}`: {message}"
            ),
            K::Truncated(why) => {
                let why = why.text(lang);
                tr!(
                    lang,
                    "truncated: the last line has no newline and is incomplete ({why})",
                    "файл обрезан: последняя строка без перевода строки и не закончена ({why})"
                )
            }
        }
    }
}

impl ReplayError {
    /// The line and what is wrong with it, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let (line, kind) = (self.line, self.kind.text(lang));
        tr!(lang, "line {line}: {kind}", "строка {line}: {kind}")
    }
}

impl Unfinished {
    /// Why the replay is unfinished, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Unfinished::Empty => tr!(lang, "the file is empty", "файл пуст"),
            Unfinished::NoEnd(n) => tr!(
                lang,
                "no `match_end` after line {n}",
                "после строки {n} нет `match_end`"
            ),
            Unfinished::Cut(kind) => kind.text(lang),
        }
    }
}

impl Invalid {
    /// Why the event could not have happened, in `lang`.
    ///
    /// ```
    /// use liar::i18n::Lang;
    /// use liar::replay::Invalid;
    /// let i = Invalid::SecondMatch;
    /// assert_eq!(i.text(Lang::En), i.to_string());
    /// assert_eq!(i.text(Lang::Ru), "вторая строка `match`");
    /// ```
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Invalid::Mismatch {
                field,
                expected,
                actual,
            } => tr!(
                lang,
                "`{field}`: expected {expected}, got {actual}",
                "`{field}`: ожидалось {expected}, а записано {actual}"
            ),
            Invalid::Unexpected { event, expected } => tr!(
                lang,
                "unexpected `{event}`: expected {expected}",
                "неожиданное `{event}`: ожидалось {expected}"
            ),
            Invalid::NotSeedDice {
                field,
                stream,
                expected,
                actual,
            } => tr!(
                lang,
                "`{field}`: the seed's dice stream {stream} throws {expected} here, not {actual}: these dice are not the seed's",
                "`{field}`: поток костей {stream} этого сида выбрасывает здесь {expected}, а не {actual}: эти кости не от сида"
            ),
            Invalid::AtEnd(inner) => {
                let inner = inner.text(lang);
                tr!(
                    lang,
                    "{inner} (checked when `match_end` revealed the seed)",
                    "{inner} (проверено, когда `match_end` раскрыл сид)"
                )
            }
            Invalid::AfterEnd => tr!(
                lang,
                "nothing may follow `match_end`",
                "после `match_end` ничего быть не может"
            ),
            Invalid::SecondMatch => tr!(lang, "a second `match` line", "вторая строка `match`"),
            Invalid::SeedNotRevealed => tr!(
                lang,
                "`match_end.seed`: missing; the `match` line gave a commitment, so the seed must be revealed here",
                "`match_end.seed`: нет; строка `match` дала обязательство, поэтому сид должен быть раскрыт здесь"
            ),
            Invalid::SeedTwice => tr!(
                lang,
                "`match_end.seed`: not expected; the `match` line gave the seed",
                "`match_end.seed`: не ожидалось; строка `match` уже дала сид"
            ),
            Invalid::NoSeed => tr!(lang, "`match.seed`: missing", "`match.seed`: нет"),
            // The key path reads the same in both languages.
            Invalid::BadParams { seat, problem } => {
                format!("`match.seats[{seat}].params`: {}", problem.text(lang))
            }
            Invalid::CommitmentInV1 => tr!(
                lang,
                "`match.commitment`: version 1 has no commitment, only `seed`",
                "`match.commitment`: в версии 1 нет обязательства, только `seed`"
            ),
            Invalid::SeedAndCommitment => tr!(
                lang,
                "`match.commitment`: give either `seed` or `commitment`, not both",
                "`match.commitment`: нужно либо `seed`, либо `commitment`, но не оба"
            ),
            Invalid::SeatingListed => tr!(
                lang,
                "unexpected `seating`: rules.seating is \"listed\"",
                "неожиданное `seating`: rules.seating равно \"listed\""
            ),
            Invalid::NothingToChallenge => tr!(
                lang,
                "`challenge`: no claim to challenge",
                "`challenge`: нечего оспаривать — заявки нет"
            ),
            Invalid::NotASeat { seat, n } => tr!(
                lang,
                "`log.seat`: {seat} is not a seat (the table has {n})",
                "`log.seat`: {seat} — не место (за столом {n})"
            ),
            Invalid::FirstNotMatch { got } => tr!(
                lang,
                "the first line must be `match`, got `{got}`",
                "первой строкой должна быть `match`, а записано `{got}`"
            ),
            Invalid::SeatCount { max, n } => tr!(
                lang,
                "`match.seats`: expected 2 to {max} seats, got {n}",
                "`match.seats`: ожидалось от 2 до {max} мест, а записано {n}"
            ),
            Invalid::NotAPermutation { n, order } => tr!(
                lang,
                "`seating.order`: expected a permutation of seats 0..{n}, got {order}",
                "`seating.order`: ожидалась перестановка мест 0..{n}, а записано {order}"
            ),
            Invalid::ListedTwice { p } => tr!(
                lang,
                "`reroll.positions`: {p} is listed twice",
                "`reroll.positions`: {p} указана дважды"
            ),
            Invalid::NotAPosition { p } => tr!(
                lang,
                "`reroll.positions`: {p} is not a position 0-4",
                "`reroll.positions`: {p} — не позиция 0-4"
            ),
            Invalid::MustChallenge { claim, s } => tr!(
                lang,
                "`accept`: nothing beats {claim}, so seat {s} must challenge it",
                "`accept`: {claim} ничем не перебить, поэтому место {s} должно её оспорить"
            ),
            Invalid::NotHigher { hand, to_beat, by } => tr!(
                lang,
                "`claim.claim`: {hand} is not higher than the claim to beat, {to_beat} by seat {by}",
                "`claim.claim`: {hand} не выше заявки, которую надо перебить, — {to_beat} от места {by}"
            ),
            Invalid::NotCommitted {
                seed,
                actual,
                commitment,
            } => tr!(
                lang,
                "`match_end.seed`: {seed} is not the seed committed to: its SHA-256 is {actual}, the `match` line gave {commitment}",
                "`match_end.seed`: {seed} — не тот сид, что обещан: его SHA-256 — {actual}, а строка `match` дала {commitment}"
            ),
            Invalid::Version { from, to, version } => tr!(
                lang,
                "`match.version`: expected {from} to {to} (the versions this engine reads), got {version}",
                "`match.version`: ожидалось от {from} до {to} (версии, которые читает этот движок), а записано {version}"
            ),
            Invalid::BadCommitment { got } => tr!(
                lang,
                "`match.commitment`: expected 64 lowercase hex digits (a SHA-256), got {got}",
                "`match.commitment`: ожидалось 64 строчные шестнадцатеричные цифры (SHA-256), а записано {got}"
            ),
            Invalid::MissingThrow { seat, after } => tr!(
                lang,
                "`seating.rolls`: missing a throw of seat {seat} (after {after} rolls)",
                "`seating.rolls`: нет броска места {seat} (после {after} бросков)"
            ),
            Invalid::ExtraRolls { extra, all } => tr!(
                lang,
                "`seating.rolls`: {extra} more rolls than the throw needed ({all} in all)",
                "`seating.rolls`: на {extra} бросков больше, чем нужно ({all} всего)"
            ),
            Invalid::PenaltyChips { action } => tr!(
                lang,
                "`penalty.chips` and `penalty.pot` are required when the action is {action}",
                "`penalty.chips` и `penalty.pot` обязательны, когда действие — {action}"
            ),
            Invalid::ChipsInPlay {
                event,
                total,
                dealt,
                in_play,
            } => tr!(
                lang,
                "`{event}.chips` + `{event}.pot`: expected {total} chips in play ({dealt} players dealt in), got {in_play}",
                "`{event}.chips` + `{event}.pot`: ожидалось {total} фишек в игре ({dealt} игроков в раздаче), а записано {in_play}"
            ),
            Invalid::ClaimTrue { truth, real, claim } => {
                let got = !truth;
                let verdict = match (lang, truth) {
                    (Lang::En, true) => "at least",
                    (Lang::En, false) => "below",
                    (_, true) => "не ниже",
                    (_, false) => "ниже",
                };
                tr!(
                    lang,
                    "`challenge.claim_true`: expected {truth} (the dice show {real}, {verdict} the claim {claim}), got {got}",
                    "`challenge.claim_true`: ожидалось {truth} (кости показывают {real}, {verdict} заявки {claim}), а записано {got}"
                )
            }
            Invalid::NotRethrown {
                expected,
                at,
                positions,
                got,
                before,
                after,
            } => tr!(
                lang,
                "`reroll.dice`: expected {expected} at position {at}, which was not re-thrown (positions {positions}), got {got} (dice {before} before, {after} after)",
                "`reroll.dice`: на позиции {at}, которую не перебрасывали (позиции {positions}), ожидалось {expected}, а записано {got} (кости {before} до, {after} после)"
            ),
        }
    }
}

impl CheckError {
    /// The whole message in `lang`.
    ///
    /// ```
    /// use liar::i18n::Lang;
    /// use liar::replay::check_replay;
    /// let err = check_replay(&b""[..]).unwrap_err();
    /// assert_eq!(err.text(Lang::En), err.to_string());
    /// assert!(err.text(Lang::Ru).contains("файл пуст"));
    /// ```
    pub fn text(&self, lang: Lang) -> String {
        match self {
            CheckError::Read(e) => e.text(lang),
            CheckError::Invalid { line, message } => {
                let message = message.text(lang);
                tr!(lang, "line {line}: {message}", "строка {line}: {message}")
            }
            CheckError::Incomplete { line, reason, .. } => {
                let reason = reason.text(lang);
                tr!(
                    lang,
                    "incomplete replay — the match did not finish (line {line}: {reason})",
                    "запись не закончена — матч не доигран (строка {line}: {reason})"
                )
            }
        }
    }
}

impl CheckError {
    /// How a replay that fails the check is introduced: one cut short says so.
    pub fn verdict(&self, lang: Lang) -> String {
        match self {
            CheckError::Incomplete { .. } => tr!(
                lang,
                "incomplete replay, the match did not finish: ",
                "запись не закончена, матч не доигран: "
            ),
            _ => tr!(lang, "invalid replay: ", "запись неверна: "),
        }
    }

    /// Why a cut-short replay cannot be checked against its seed, or nothing.
    pub fn sealed_note(&self, lang: Lang) -> String {
        match self {
            CheckError::Incomplete { summary, .. } if summary.sealed => tr!(
                lang,
                " (the seed was never revealed: only its commitment is in the file)",
                " (сид так и не раскрыт: в файле только его обязательство)"
            ),
            _ => String::new(),
        }
    }
}

impl ParamsProblem {
    /// Why a seat's `params` cannot be, in `lang`.
    pub fn text(self, lang: Lang) -> String {
        match self {
            ParamsProblem::BeforeVersion3 => tr!(
                lang,
                "versions 1 and 2 have no parameters",
                "в версиях 1 и 2 нет параметров"
            ),
            ParamsProblem::NotALuaBot => tr!(
                lang,
                "only a Lua bot (a seat with a `script`) has parameters",
                "параметры бывают только у бота на Lua (места со `script`)"
            ),
            ParamsProblem::Invalid => tr!(
                lang,
                "a name or a value that a table file cannot give",
                "имя или значение, которых не может дать файл стола"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One line error of each kind (the match makes a new kind a compile
    /// error here until it has a sample).
    fn kinds() -> Vec<ReplayErrorKind> {
        use ReplayErrorKind as K;
        let all = vec![
            K::Io(std::io::Error::other("denied")),
            K::NotUtf8 { column: 3 },
            K::TooLong,
            K::Empty,
            K::BadJson("oops".into()),
            K::MissingType,
            K::UnknownType("x".into()),
            K::MissingField {
                event: "accept".into(),
                field: "seat".into(),
            },
            K::BadField {
                event: "accept".into(),
                message: "oops".into(),
            },
            K::Truncated(Box::new(K::BadJson("eof".into()))),
        ];
        for k in &all {
            match k {
                K::Io(_)
                | K::NotUtf8 { .. }
                | K::TooLong
                | K::Empty
                | K::BadJson(_)
                | K::MissingType
                | K::UnknownType(_)
                | K::MissingField { .. }
                | K::BadField { .. }
                | K::Truncated(_) => {}
            }
        }
        all
    }

    fn has_russian(s: &str) -> bool {
        s.chars().any(|c| ('а'..='я').contains(&c))
    }

    #[test]
    fn every_line_error_has_its_own_russian_text_and_english_is_the_display() {
        for kind in kinds() {
            let (en, ru) = (kind.text(Lang::En), kind.text(Lang::Ru));
            assert_eq!(en, kind.to_string());
            assert_ne!(en, ru, "{kind:?}");
            assert!(has_russian(&ru), "{ru}");
            let e = ReplayError { line: 4, kind };
            assert_eq!(e.text(Lang::En), e.to_string());
            assert!(e.text(Lang::Ru).starts_with("строка 4: "));
        }
    }

    #[test]
    fn every_invalid_reason_has_its_own_russian_text_and_english_is_the_display() {
        let mismatch = Invalid::Mismatch {
            field: "claim.seat".into(),
            expected: "1".into(),
            actual: "2".into(),
        };
        let all = [
            mismatch.clone(),
            Invalid::Unexpected {
                event: "claim".into(),
                expected: "a `reroll` by seat 1".into(),
            },
            Invalid::NotSeedDice {
                field: "round_start.dice".into(),
                stream: 1,
                expected: "12345".into(),
                actual: "12346".into(),
            },
            Invalid::AtEnd(Box::new(mismatch)),
            Invalid::AfterEnd,
            Invalid::SecondMatch,
            Invalid::SeedNotRevealed,
            Invalid::SeedTwice,
            Invalid::NoSeed,
            Invalid::CommitmentInV1,
            Invalid::BadParams {
                seat: "1".into(),
                problem: ParamsProblem::BeforeVersion3,
            },
            Invalid::BadParams {
                seat: "1".into(),
                problem: ParamsProblem::NotALuaBot,
            },
            Invalid::BadParams {
                seat: "1".into(),
                problem: ParamsProblem::Invalid,
            },
            Invalid::SeedAndCommitment,
            Invalid::SeatingListed,
            Invalid::NothingToChallenge,
            Invalid::NotRethrown {
                expected: crate::rules::Face::Nine,
                at: 1,
                positions: "[0]".into(),
                got: crate::rules::Face::Ace,
                before: "99999".into(),
                after: "9A999".into(),
            },
            Invalid::ClaimTrue {
                truth: true,
                real: "pair of nines".into(),
                claim: "pair of nines".into(),
            },
            Invalid::NotCommitted {
                seed: "1".into(),
                actual: "1".into(),
                commitment: "1".into(),
            },
            Invalid::Version {
                from: "1".into(),
                to: "1".into(),
                version: "1".into(),
            },
            Invalid::BadCommitment { got: "1".into() },
            Invalid::MissingThrow {
                seat: "1".into(),
                after: "1".into(),
            },
            Invalid::ExtraRolls {
                extra: "1".into(),
                all: "1".into(),
            },
            Invalid::PenaltyChips { action: "1".into() },
            Invalid::ChipsInPlay {
                event: "1".into(),
                total: "1".into(),
                dealt: "1".into(),
                in_play: "1".into(),
            },
            Invalid::NotASeat {
                seat: "1".into(),
                n: "1".into(),
            },
            Invalid::FirstNotMatch { got: "1".into() },
            Invalid::SeatCount {
                max: "1".into(),
                n: "1".into(),
            },
            Invalid::NotAPermutation {
                n: "1".into(),
                order: "1".into(),
            },
            Invalid::ListedTwice { p: "1".into() },
            Invalid::NotAPosition { p: "1".into() },
            Invalid::MustChallenge {
                claim: "1".into(),
                s: "1".into(),
            },
            Invalid::NotHigher {
                hand: "1".into(),
                to_beat: "1".into(),
                by: "1".into(),
            },
        ];
        for i in &all {
            match i {
                Invalid::Mismatch { .. }
                | Invalid::Unexpected { .. }
                | Invalid::NotSeedDice { .. }
                | Invalid::AtEnd(_)
                | Invalid::AfterEnd
                | Invalid::SecondMatch
                | Invalid::SeedNotRevealed
                | Invalid::SeedTwice
                | Invalid::NoSeed
                | Invalid::CommitmentInV1
                | Invalid::BadParams { .. }
                | Invalid::SeedAndCommitment
                | Invalid::SeatingListed
                | Invalid::NothingToChallenge
                | Invalid::NotRethrown { .. }
                | Invalid::ClaimTrue { .. }
                | Invalid::NotCommitted { .. }
                | Invalid::Version { .. }
                | Invalid::BadCommitment { .. }
                | Invalid::MissingThrow { .. }
                | Invalid::ExtraRolls { .. }
                | Invalid::PenaltyChips { .. }
                | Invalid::ChipsInPlay { .. }
                | Invalid::NotASeat { .. }
                | Invalid::FirstNotMatch { .. }
                | Invalid::SeatCount { .. }
                | Invalid::NotAPermutation { .. }
                | Invalid::ListedTwice { .. }
                | Invalid::NotAPosition { .. }
                | Invalid::MustChallenge { .. }
                | Invalid::NotHigher { .. } => {}
            }
            let (en, ru) = (i.text(Lang::En), i.text(Lang::Ru));
            assert_eq!(en, i.to_string());
            assert_ne!(en, ru, "{i:?}");
            assert!(has_russian(&ru), "{ru}");
        }
    }

    #[test]
    fn every_check_error_has_its_own_russian_text_and_english_is_the_display() {
        let unfinished = [
            Unfinished::Empty,
            Unfinished::NoEnd(3),
            Unfinished::Cut(ReplayErrorKind::Truncated(Box::new(
                ReplayErrorKind::MissingType,
            ))),
        ];
        for u in &unfinished {
            match u {
                Unfinished::Empty | Unfinished::NoEnd(_) | Unfinished::Cut(_) => {}
            }
            assert_eq!(u.text(Lang::En), u.to_string());
            assert_ne!(u.text(Lang::En), u.text(Lang::Ru), "{u:?}");
        }
        let errors = [
            crate::replay::check_replay(&b""[..]).expect_err("empty"),
            crate::replay::check_replay(&b"{\"type\":\"accept\",\"seat\":0}\n"[..])
                .expect_err("not a match line"),
            crate::replay::check_replay(&b"not json\n"[..]).expect_err("bad json"),
            crate::replay::check_replay(&b"{\"type\":\"mat"[..]).expect_err("cut"),
        ];
        for e in &errors {
            match e {
                CheckError::Read(_)
                | CheckError::Invalid { .. }
                | CheckError::Incomplete { .. } => {}
            }
            let (en, ru) = (e.text(Lang::En), e.text(Lang::Ru));
            assert_eq!(en, e.to_string());
            assert_ne!(en, ru, "{e:?}");
            assert!(has_russian(&ru), "{ru}");
        }
    }
}
