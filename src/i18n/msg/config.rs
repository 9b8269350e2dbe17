//! What is wrong with a table or tournament file: [`Problem::text`] and
//! [`ConfigError::text`] (whose English is the error's Display). The toml
//! crate's own words about a syntax error stay as it writes them, framed.

use crate::config::{ConfigError, Expected, Found, Needed, PathUse, Problem, SeatOrBot};
use crate::i18n::Lang;
use crate::setup::{BotParams, ParamProblem};
use crate::text::group_digits;
use std::fmt;

impl ConfigError {
    /// The whole message in `lang`: file, place, key (with the seat or bot
    /// counted from 1) and what is wrong.
    ///
    /// ```
    /// use liar::config::parse_table;
    /// use liar::i18n::Lang;
    /// use std::path::Path;
    /// let err = parse_table("[rules]\nchps = 3\n", Path::new("t.toml")).unwrap_err();
    /// assert_eq!(err.text(Lang::En), err.to_string());
    /// assert!(err.text(Lang::Ru).starts_with("t.toml:2:1: rules.chps: неизвестный ключ"));
    /// ```
    pub fn text(&self, lang: Lang) -> String {
        let mut out = self.file().to_string();
        if let Some(at) = self.location() {
            out.push_str(&format!(":{at}"));
        }
        out.push_str(": ");
        if let Some(key) = self.key() {
            out.push_str(key);
            if let Some(who) = self.counted_from_one() {
                let note = match who {
                    SeatOrBot::Seat(n) => tr!(lang, "seat {n}", "место {n}"),
                    SeatOrBot::Bot(n) => tr!(lang, "bot {n}", "бот {n}"),
                };
                out.push_str(&format!(" ({note})"));
            }
            out.push_str(": ");
        }
        out.push_str(&self.problem().text(lang));
        out
    }

    /// What is wrong, in English, without the file, place and key.
    pub fn message(&self) -> String {
        self.problem().text(Lang::En)
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

/// ` (did you mean "x"?)`, or nothing.
fn did_you_mean(lang: Lang, suggestion: Option<&String>) -> String {
    match suggestion {
        Some(s) => tr!(lang, " (did you mean {s:?}?)", " (может быть, {s:?}?)"),
        None => String::new(),
    }
}

impl Problem {
    /// What is wrong, in `lang`, without the file, place and key.
    ///
    /// ```
    /// use liar::config::Problem;
    /// use liar::i18n::Lang;
    /// let p = Problem::GamesAndCycles;
    /// assert_eq!(p.text(Lang::En), "give either games or cycles, not both");
    /// assert_eq!(p.text(Lang::Ru), "укажите games или cycles, но не оба");
    /// ```
    pub fn text(&self, lang: Lang) -> String {
        use Problem as P;
        match self {
            P::CannotRead { error } => tr!(
                lang,
                "cannot read: {error}",
                "не удаётся прочитать: {error}"
            ),
            P::FileTooLarge { max } => tr!(
                lang,
                "the file is larger than {max} bytes; is it really a config?",
                "файл больше {max} байт; это точно файл настроек?"
            ),
            P::TextTooLarge { bytes, max } => tr!(
                lang,
                "the file is {bytes} bytes; a config may have at most {max}",
                "в файле {bytes} байт; в файле настроек может быть не больше {max}"
            ),
            P::NotUtf8 => tr!(
                lang,
                "not UTF-8 text; save the file as UTF-8",
                "это не текст в UTF-8; сохраните файл в UTF-8"
            ),
            P::Syntax { detail } => tr!(lang, "invalid TOML: {detail}", "ошибка TOML: {detail}"),
            P::SetTwice { key } => tr!(
                lang,
                "invalid TOML: {key} is set twice",
                "ошибка TOML: {key} задан дважды"
            ),
            P::UnknownKey {
                suggestion,
                allowed,
            } => {
                let hint = did_you_mean(lang, suggestion.as_ref());
                tr!(
                    lang,
                    "unknown key{hint}; expected one of: {allowed}",
                    "неизвестный ключ{hint}; допустимые: {allowed}"
                )
            }
            P::Missing(needed) => {
                let needed = needed.text(lang);
                tr!(lang, "missing; {needed}", "не задан; {needed}")
            }
            P::WrongType { expected, found } => {
                let expected = expected.text(lang);
                let found = found.text(lang);
                tr!(
                    lang,
                    "expected {expected}, found {found}",
                    "ожидается {expected}, а здесь {found}"
                )
            }
            P::OutOfRange { value, expected } => {
                let expected = expected.text(lang);
                tr!(
                    lang,
                    "{value} is out of range; expected {expected}",
                    "{value} вне допустимых пределов; ожидается {expected}"
                )
            }
            P::NotInteger { value } => tr!(
                lang,
                "{value} is not a valid integer",
                "{value} — неправильно записанное целое число"
            ),
            P::NotAllowed {
                value,
                suggestion,
                allowed,
            } => {
                let hint = did_you_mean(lang, suggestion.as_ref());
                tr!(
                    lang,
                    "{value} is not allowed{hint}; expected one of: {allowed}",
                    "{value} не допускается{hint}; допустимые: {allowed}"
                )
            }
            P::BadPath(PathUse::ReplayFile) => tr!(
                lang,
                "expected the path of the replay file to write, e.g. \"replays/last.jsonl\"",
                "нужен путь к файлу записи, например \"replays/last.jsonl\""
            ),
            P::BadPath(PathUse::ReplayDir) => tr!(
                lang,
                "expected the folder to write replays to, e.g. \"replays/\"",
                "нужна папка для записей, например \"replays/\""
            ),
            P::BuiltinRenamed { policies } => tr!(
                lang,
                "\"builtin\" is now called \"native\": type = \"native\" with policy = one of: {policies}",
                "\"builtin\" теперь называется \"native\": type = \"native\" и policy = одно из: {policies}"
            ),
            P::NotForSeatType { seat_type, keys } => tr!(
                lang,
                "not used by a {seat_type} seat, which takes: {keys}",
                "не нужен месту типа {seat_type}; его ключи: {keys}"
            ),
            P::ScriptAndBundled => tr!(
                lang,
                "give either script or bundled, not both",
                "укажите script или bundled, но не оба"
            ),
            P::BadParam(problem) => problem.text(lang),
            P::EmptyScript => tr!(
                lang,
                "empty; give the path of a Lua file, relative to this config file",
                "пусто; укажите путь к файлу Lua относительно этого файла настроек"
            ),
            P::UnusableScript { value } => tr!(
                lang,
                "{value} is not a usable path",
                "{value} нельзя использовать как путь"
            ),
            P::BotNotAFile { given, looked } => tr!(
                lang,
                "bot file {given} is not a file (looked at {looked})",
                "файл бота {given} — не файл (проверен путь {looked})"
            ),
            P::BotNotFound { given, looked } => tr!(
                lang,
                "bot file {given} not found (looked at {looked})",
                "файл бота {given} не найден (проверен путь {looked})"
            ),
            P::BotUnreadable {
                given,
                error,
                looked,
            } => tr!(
                lang,
                "bot file {given} cannot be read: {error} (looked at {looked})",
                "файл бота {given} не читается: {error} (проверен путь {looked})"
            ),
            P::EmptyName => tr!(
                lang,
                "empty; every seat needs a name",
                "пусто; у каждого места должно быть имя"
            ),
            P::NameSpaces { name } => tr!(
                lang,
                "{name} starts or ends with spaces",
                "{name} начинается или кончается пробелами"
            ),
            P::NameControl { name } => tr!(
                lang,
                "{name} contains control characters",
                "в {name} есть управляющие символы"
            ),
            P::NameInvisible { name, point } => tr!(
                lang,
                "{name} contains a character that is not seen, {point}; names must read as they are",
                "в {name} есть невидимый символ {point}; имя должно читаться таким, как оно есть"
            ),
            P::NameMarks { name, point } => tr!(
                lang,
                "{name} has a combining mark, {point}, with no letter under it or over 3 on one letter",
                "в {name} есть надстрочный знак {point} без буквы под ним или больше трёх на одной букве"
            ),
            P::NameTooLong { name, chars, max } => tr!(
                lang,
                "{name} is {chars} characters long; at most {max} are allowed",
                "{name}: символов {chars}, а можно не больше {max}"
            ),
            P::DuplicateName { name, first } => tr!(
                lang,
                "{name} is used by {first} too (names are compared ignoring case and look-alike letters)",
                "{name} уже есть у {first} (имена сравниваются без учёта регистра и похожих букв)"
            ),
            P::MaxBelowMin { max, min } => tr!(
                lang,
                "{max} is below min_players ({min})",
                "{max} меньше min_players ({min})"
            ),
            P::MinAboveDefaultMax { min, max } => tr!(
                lang,
                "{min} is above max_players ({max}, the default); set max_players too",
                "{min} больше max_players ({max} по умолчанию); задайте и max_players"
            ),
            P::NoSeats { min } => tr!(
                lang,
                "no seats; add at least {min} [[seats]] tables (rules.min_players)",
                "мест нет; добавьте таблицы [[seats]], не меньше {min} (rules.min_players)"
            ),
            P::TooFewSeats { seats, min } => {
                let s = if *seats == 1 { "" } else { "s" };
                tr!(
                    lang,
                    "{seats} seat{s}, but these rules need at least {min} (rules.min_players)",
                    "мест: {seats}, а по этим правилам нужно не меньше {min} (rules.min_players)"
                )
            }
            P::TooManySeats { seats, max } => tr!(
                lang,
                "{seats} seats, but these rules allow at most {max} (rules.max_players)",
                "мест: {seats}, а по этим правилам можно не больше {max} (rules.max_players)"
            ),
            P::GamesAndCycles => tr!(
                lang,
                "give either games or cycles, not both",
                "укажите games или cycles, но не оба"
            ),
            P::SampleWithoutDir => tr!(
                lang,
                "needs replay_dir, the folder the replays go to",
                "нужен replay_dir — папка, куда пишутся записи"
            ),
            P::TooManyPermuted { size, max } => tr!(
                lang,
                "{size} seats with seat_orders = \"permutations\"; at most {max} are allowed ({size}! orders per group)",
                "мест: {size} при seat_orders = \"permutations\"; можно не больше {max} ({size}! порядков на группу)"
            ),
            P::SizeOutsideRules { size, min, max } => tr!(
                lang,
                "{size} is outside the rules' player range, {min} to {max} (rules.min_players, rules.max_players)",
                "{size} вне числа игроков по правилам, от {min} до {max} (rules.min_players, rules.max_players)"
            ),
            P::NoBots { size } => tr!(
                lang,
                "no bots; add at least {size} [[bots]] tables (tournament.table_size)",
                "ботов нет; добавьте таблицы [[bots]], не меньше {size} (tournament.table_size)"
            ),
            P::TooFewBots { bots, size } => tr!(
                lang,
                "{bots} bots, but tables of {size} need at least {size} (tournament.table_size)",
                "ботов: {bots}, а за столом мест: {size}, и ботов нужно не меньше (tournament.table_size)"
            ),
        }
    }
}

impl Needed {
    /// What a missing key needs, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Needed::SeatType { allowed } => tr!(
                lang,
                "expected one of: {allowed}",
                "ожидается одно из: {allowed}"
            ),
            Needed::SeatName => tr!(
                lang,
                "every seat needs one, e.g. name = \"Anna\"",
                "у каждого места должно быть имя, например name = \"Анна\""
            ),
            Needed::Policy { allowed } => tr!(
                lang,
                "a \"native\" seat names one of: {allowed}",
                "место \"native\" называет одно из: {allowed}"
            ),
            Needed::BotSource { bundled } => tr!(
                lang,
                "a \"bot\" seat needs script = \"path/to/bot.lua\" or bundled = one of: {bundled}",
                "месту \"bot\" нужен script = \"путь/к/боту.lua\" или bundled = одно из: {bundled}"
            ),
        }
    }
}

impl Expected {
    /// What belongs at a key, in `lang`: "an integer from 1 to 3_600_000".
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Expected::Integer { min, max } => integer_range(lang, *min, *max),
            Expected::String => tr!(lang, "a string", "строка"),
            Expected::Boolean => tr!(lang, "true or false", "true или false"),
            Expected::ParamValue => tr!(
                lang,
                "a number, a string, or true or false",
                "число, строка, true или false"
            ),
            Expected::OneOf { allowed } => tr!(lang, "one of {allowed}", "одно из {allowed}"),
            Expected::Table { path } => tr!(lang, "a table ([{path}])", "таблица ([{path}])"),
            Expected::Tables { path } => tr!(
                lang,
                "an array of tables ([[{path}]])",
                "массив таблиц ([[{path}]])"
            ),
            Expected::Item => tr!(lang, "a table", "таблица"),
            Expected::Sample { allowed, min, max } => {
                let range = integer_range(lang, *min, *max);
                tr!(
                    lang,
                    "{allowed} or {range} (every n-th game)",
                    "{allowed} или {range} (каждая n-я партия)"
                )
            }
        }
    }
}

fn integer_range(lang: Lang, min: i64, max: i64) -> String {
    let (min, max) = (group_digits(min), group_digits(max));
    tr!(
        lang,
        "an integer from {min} to {max}",
        "целое число от {min} до {max}"
    )
}

impl ParamProblem {
    /// Why a bot parameter was refused (the key path or the flag names the
    /// parameter).
    pub fn text(self, lang: Lang) -> String {
        match self {
            ParamProblem::BadName => {
                let max = BotParams::MAX_NAME_CHARS;
                tr!(
                    lang,
                    "not a parameter name: use letters, digits and _, not starting with a digit, at most {max} characters",
                    "не годится как имя параметра: буквы, цифры и _, не с цифры, не больше {max} символов"
                )
            }
            ParamProblem::TooMany => {
                let max = BotParams::MAX_PARAMS;
                tr!(
                    lang,
                    "too many parameters; a bot may have at most {max}",
                    "слишком много параметров; у бота их может быть не больше {max}"
                )
            }
            ParamProblem::TextTooLong => {
                let max = BotParams::MAX_TEXT_BYTES;
                tr!(
                    lang,
                    "the string is too long; at most {max} bytes are allowed",
                    "строка слишком длинная; можно не больше {max} байт"
                )
            }
            ParamProblem::NotFinite => tr!(
                lang,
                "not a finite number; give an ordinary number",
                "не конечное число; укажите обычное число"
            ),
        }
    }
}

impl Found {
    /// What a key holds, in `lang`: `a string ("3")`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Found::String(s) => tr!(lang, "a string ({s})", "строка ({s})"),
            Found::Integer(i) => tr!(lang, "an integer ({i})", "целое число ({i})"),
            Found::Float(x) => tr!(lang, "a float ({x})", "дробное число ({x})"),
            Found::Boolean(b) => tr!(lang, "a boolean ({b})", "логическое значение ({b})"),
            Found::Datetime => tr!(lang, "a date-time", "дата и время"),
            Found::Array => tr!(lang, "an array", "массив"),
            Found::Table => tr!(lang, "a table", "таблица"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One problem of each kind (the match makes a new kind a compile error
    /// here until it has a sample).
    fn samples() -> Vec<Problem> {
        use Problem as P;
        let s = |t: &str| t.to_string();
        let all = vec![
            P::CannotRead { error: s("denied") },
            P::FileTooLarge { max: 10 },
            P::TextTooLarge { bytes: 20, max: 10 },
            P::NotUtf8,
            P::Syntax { detail: s("oops") },
            P::SetTwice { key: s("\"a\"") },
            P::UnknownKey {
                suggestion: Some(s("chips")),
                allowed: s("chips"),
            },
            P::Missing(Needed::SeatType { allowed: s("x") }),
            P::Missing(Needed::SeatName),
            P::Missing(Needed::Policy { allowed: s("x") }),
            P::Missing(Needed::BotSource { bundled: s("x") }),
            P::WrongType {
                expected: Expected::String,
                found: Found::Boolean(true),
            },
            P::OutOfRange {
                value: s("0"),
                expected: Expected::Integer { min: 1, max: 3 },
            },
            P::NotInteger { value: s("\"0x\"") },
            P::NotAllowed {
                value: s("\"a\""),
                suggestion: None,
                allowed: s("\"b\""),
            },
            P::BadPath(PathUse::ReplayFile),
            P::BadPath(PathUse::ReplayDir),
            P::BuiltinRenamed { policies: s("x") },
            P::NotForSeatType {
                seat_type: s("\"human\""),
                keys: s("name"),
            },
            P::ScriptAndBundled,
            P::BadParam(ParamProblem::BadName),
            P::BadParam(ParamProblem::TooMany),
            P::BadParam(ParamProblem::TextTooLong),
            P::BadParam(ParamProblem::NotFinite),
            P::EmptyScript,
            P::UnusableScript { value: s("\"a\"") },
            P::BotNotAFile {
                given: s("\"a\""),
                looked: s("a"),
            },
            P::BotNotFound {
                given: s("\"a\""),
                looked: s("a"),
            },
            P::BotUnreadable {
                given: s("\"a\""),
                error: s("denied"),
                looked: s("a"),
            },
            P::EmptyName,
            P::NameSpaces { name: s("\" a\"") },
            P::NameControl { name: s("\"a\"") },
            P::NameInvisible {
                name: s("\"a\""),
                point: s("U+200B"),
            },
            P::NameMarks {
                name: s("\"a\""),
                point: s("U+0301"),
            },
            P::NameTooLong {
                name: s("\"a\""),
                chars: 30,
                max: 24,
            },
            P::DuplicateName {
                name: s("\"a\""),
                first: s("seats[0]"),
            },
            P::MaxBelowMin { max: 2, min: 3 },
            P::MinAboveDefaultMax { min: 12, max: 10 },
            P::NoSeats { min: 2 },
            P::TooFewSeats { seats: 1, min: 2 },
            P::TooManySeats { seats: 9, max: 8 },
            P::GamesAndCycles,
            P::SampleWithoutDir,
            P::TooManyPermuted { size: 9, max: 8 },
            P::SizeOutsideRules {
                size: 12,
                min: 2,
                max: 10,
            },
            P::NoBots { size: 3 },
            P::TooFewBots { bots: 2, size: 3 },
        ];
        for p in &all {
            match p {
                P::CannotRead { .. }
                | P::FileTooLarge { .. }
                | P::TextTooLarge { .. }
                | P::NotUtf8
                | P::Syntax { .. }
                | P::SetTwice { .. }
                | P::UnknownKey { .. }
                | P::Missing(_)
                | P::WrongType { .. }
                | P::OutOfRange { .. }
                | P::NotInteger { .. }
                | P::NotAllowed { .. }
                | P::BadPath(_)
                | P::BuiltinRenamed { .. }
                | P::NotForSeatType { .. }
                | P::ScriptAndBundled
                | P::BadParam(_)
                | P::EmptyScript
                | P::UnusableScript { .. }
                | P::BotNotAFile { .. }
                | P::BotNotFound { .. }
                | P::BotUnreadable { .. }
                | P::EmptyName
                | P::NameSpaces { .. }
                | P::NameControl { .. }
                | P::NameInvisible { .. }
                | P::NameMarks { .. }
                | P::NameTooLong { .. }
                | P::DuplicateName { .. }
                | P::MaxBelowMin { .. }
                | P::MinAboveDefaultMax { .. }
                | P::NoSeats { .. }
                | P::TooFewSeats { .. }
                | P::TooManySeats { .. }
                | P::GamesAndCycles
                | P::SampleWithoutDir
                | P::TooManyPermuted { .. }
                | P::SizeOutsideRules { .. }
                | P::NoBots { .. }
                | P::TooFewBots { .. } => {}
            }
        }
        all
    }

    #[test]
    fn every_problem_has_its_own_russian_text() {
        let samples = samples();
        assert!(samples.len() >= 40);
        for p in &samples {
            let (en, ru) = (p.text(Lang::En), p.text(Lang::Ru));
            assert_ne!(en, ru, "{p:?}");
            assert!(ru.chars().any(|c| ('а'..='я').contains(&c)), "{ru}");
        }
    }

    #[test]
    fn every_expected_and_found_has_russian_words() {
        let expected = [
            Expected::Integer { min: 1, max: 2 },
            Expected::String,
            Expected::Boolean,
            Expected::ParamValue,
            Expected::OneOf {
                allowed: "\"a\"".into(),
            },
            Expected::Table {
                path: "rules".into(),
            },
            Expected::Tables {
                path: "seats".into(),
            },
            Expected::Item,
            Expected::Sample {
                allowed: "\"all\"".into(),
                min: 1,
                max: 2,
            },
        ];
        for e in &expected {
            assert_ne!(e.text(Lang::En), e.text(Lang::Ru), "{e:?}");
        }
        let found = [
            Found::String("\"a\"".into()),
            Found::Integer("1".into()),
            Found::Float("1.5".into()),
            Found::Boolean(true),
            Found::Datetime,
            Found::Array,
            Found::Table,
        ];
        for f in &found {
            assert_ne!(f.text(Lang::En), f.text(Lang::Ru), "{f:?}");
        }
    }

    #[test]
    fn seats_and_bots_are_counted_from_one_in_either_language() {
        let toml = "[[seats]]\nname = \"a\"\ntype = \"robot\"\n";
        let err = crate::config::parse_table(toml, std::path::Path::new("t.toml"))
            .expect_err("a bad type");
        assert!(err.text(Lang::En).contains("seats[0].type (seat 1): "));
        assert!(err.text(Lang::Ru).contains("seats[0].type (место 1): "));
    }
}
