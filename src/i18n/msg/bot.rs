//! Why a Lua bot cannot be loaded: [`BotLoadError::text`] (whose English
//! is the error's Display). What Lua itself says stays in its own words,
//! framed. A bot's own process (process isolation) words its refusal in
//! both languages, with these same texts.

use crate::i18n::Lang;
use crate::lua::{
    API_VERSION, BotLoadError, FieldProblem, LoadFailure, LuaValue, MAX_CODE_BYTES, StartProblem,
};
use std::fmt;

impl BotLoadError {
    /// The message in `lang`.
    ///
    /// ```
    /// use liar::lua::{BotLoadError, LuaBot};
    /// use liar::i18n::Lang;
    /// let limits = liar::config::BotLimits::default();
    /// let err = LuaBot::load("no/such/bot.lua", &limits).err().unwrap();
    /// assert!(err.text(Lang::En).starts_with("cannot read the bot no/such/bot.lua: "));
    /// assert!(err.text(Lang::Ru).starts_with("не удаётся прочитать бота no/such/bot.lua: "));
    /// ```
    pub fn text(&self, lang: Lang) -> String {
        match self {
            BotLoadError::Read { path, source } => tr!(
                lang,
                "cannot read the bot {path}: {source}",
                "не удаётся прочитать бота {path}: {source}"
            ),
            BotLoadError::Failed {
                chunk,
                reason,
                detail,
                overrun,
            } => {
                let reason = reason.name();
                let detail = match overrun {
                    Some(overrun) => overrun.text(lang),
                    None => detail.clone(),
                };
                tr!(
                    lang,
                    "{chunk}: the bot failed to load ({reason}): {detail}",
                    "{chunk}: бот не загрузился ({reason}): {detail}"
                )
            }
            BotLoadError::NotATable { chunk, got } => {
                let got = got.text(lang);
                tr!(
                    lang,
                    "{chunk}: a bot must return a table of functions, but this one returned {got}; end the file with `return bot` (see bots/README.md)",
                    "{chunk}: бот должен вернуть таблицу функций, а этот вернул {got}; закончите файл строкой `return bot` (см. bots/README.md)"
                )
            }
            BotLoadError::ApiVersion { chunk, found: None } => tr!(
                lang,
                "{chunk}: the bot's table has no api_version; add `api_version = {API_VERSION}` to it",
                "{chunk}: в таблице бота нет api_version; добавьте в неё `api_version = {API_VERSION}`"
            ),
            BotLoadError::ApiVersion {
                chunk,
                found: Some(v),
            } => {
                let v = v.text(lang);
                tr!(
                    lang,
                    "{chunk}: the bot declares api_version = {v}, but this engine speaks api_version {API_VERSION}",
                    "{chunk}: бот объявляет api_version = {v}, а движок понимает api_version {API_VERSION}"
                )
            }
            BotLoadError::MissingFunction { chunk, name } => tr!(
                lang,
                "{chunk}: the bot has no `{name}` function; a bot's table needs challenge(view), reroll(view) and claim(view) (`liar new-bot` writes a template)",
                "{chunk}: у бота нет функции `{name}`; в таблице бота нужны challenge(view), reroll(view) и claim(view) (`liar new-bot` пишет заготовку)"
            ),
            BotLoadError::BadField {
                chunk,
                field,
                problem,
            } => {
                let problem = problem.text(lang);
                tr!(
                    lang,
                    "{chunk}: `{field}` {problem}",
                    "{chunk}: `{field}` {problem}"
                )
            }
            BotLoadError::Sandbox { chunk, cause } => {
                let cause = cause.text(lang);
                tr!(
                    lang,
                    "cannot create a Lua state for {chunk}: {cause}",
                    "не удаётся создать состояние Lua для {chunk}: {cause}"
                )
            }
            BotLoadError::TooLarge { chunk, bytes } => {
                let kib = MAX_CODE_BYTES >> 10;
                tr!(
                    lang,
                    "{chunk}: the bot is {bytes} bytes long, but a bot may have at most {kib} KiB of code",
                    "{chunk}: в боте {bytes} байт, а кода у бота может быть не больше {kib} КиБ"
                )
            }
            BotLoadError::InProcess {
                message, russian, ..
            } => tr!(lang, "{message}", "{russian}"),
        }
    }
}

impl fmt::Display for BotLoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

impl LoadFailure {
    /// Why the checked bot could not play, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            LoadFailure::Bot(e) => e.text(lang),
            LoadFailure::Opponent { name, error } => {
                let error = error.text(lang);
                tr!(lang, "opponent {name}: {error}", "соперник {name}: {error}")
            }
            LoadFailure::Match(detail) => detail.clone(),
        }
    }
}

impl fmt::Display for LoadFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

impl FieldProblem {
    /// What is wrong with the field, in `lang`, after the field's name.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            FieldProblem::NotAFunction { found } => {
                let found = found.text(lang);
                tr!(
                    lang,
                    "must be a function, not {found}",
                    "должно быть функцией, а не {found}"
                )
            }
            FieldProblem::NotAFunctionOrAbsent { found } => {
                let found = found.text(lang);
                tr!(
                    lang,
                    "must be a function (or left out), not {found}",
                    "должно быть функцией (или отсутствовать), а не {found}"
                )
            }
            FieldProblem::NotUtf8 => tr!(lang, "must be UTF-8 text", "должно быть текстом в UTF-8"),
            FieldProblem::BadName { max, got } => tr!(
                lang,
                "must be 1 to {max} printable characters, got {got}",
                "должно быть от 1 до {max} печатных символов, а здесь {got}"
            ),
            FieldProblem::NotAString { found } => {
                let found = found.text(lang);
                tr!(
                    lang,
                    "must be a string, not {found}",
                    "должно быть строкой, а не {found}"
                )
            }
        }
    }
}

impl LuaValue {
    /// The value as a message shows it, in `lang`: `nothing (nil)`, `a table`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            LuaValue::Nil => tr!(lang, "nothing (nil)", "ничего (nil)"),
            LuaValue::Boolean(b) => b.to_string(),
            LuaValue::Integer(i) => i.to_string(),
            LuaValue::Number(x) => x.to_string(),
            LuaValue::String(s) => tr!(lang, "the string {s}", "строку {s}"),
            LuaValue::Other(t) => tr!(lang, "a {t}", "значение типа {t}"),
        }
    }
}

impl StartProblem {
    /// Why the sandbox or process could not be set up, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            StartProblem::Lua(detail) => detail.clone(),
            StartProblem::NoProgram(error) => tr!(
                lang,
                "cannot find the liar program to run the bot: {error}",
                "не найдена программа liar, чтобы запустить бота: {error}"
            ),
            StartProblem::NoProcess { program, error } => tr!(
                lang,
                "cannot start a process for the bot ({program}): {error}",
                "не удаётся запустить процесс для бота ({program}): {error}"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::PenaltyReason;

    #[test]
    fn every_bot_load_error_has_its_own_russian_text() {
        let c = || "b.lua".to_string();
        let errors = [
            BotLoadError::Read {
                path: c(),
                source: std::io::Error::from(std::io::ErrorKind::NotFound),
            },
            BotLoadError::Failed {
                chunk: c(),
                reason: PenaltyReason::Error,
                detail: "b.lua:3: oops".into(),
                overrun: None,
            },
            BotLoadError::NotATable {
                chunk: c(),
                got: LuaValue::Nil,
            },
            BotLoadError::ApiVersion {
                chunk: c(),
                found: None,
            },
            BotLoadError::ApiVersion {
                chunk: c(),
                found: Some(LuaValue::Integer(2)),
            },
            BotLoadError::MissingFunction {
                chunk: c(),
                name: "claim",
            },
            BotLoadError::BadField {
                chunk: c(),
                field: "name",
                problem: Box::new(FieldProblem::NotUtf8),
            },
            BotLoadError::Sandbox {
                chunk: c(),
                cause: Box::new(StartProblem::NoProgram("gone".into())),
            },
            BotLoadError::TooLarge {
                chunk: c(),
                bytes: 1 << 20,
            },
            BotLoadError::InProcess {
                reason: None,
                message: "b.lua: refused".into(),
                russian: "b.lua: отказ".into(),
            },
        ];
        for e in &errors {
            let (en, ru) = (e.text(Lang::En), e.text(Lang::Ru));
            assert_eq!(en, e.to_string());
            assert_ne!(en, ru, "{e:?}");
        }
        let fields = [
            FieldProblem::NotAFunction {
                found: LuaValue::Other("table"),
            },
            FieldProblem::NotAFunctionOrAbsent {
                found: LuaValue::Nil,
            },
            FieldProblem::NotUtf8,
            FieldProblem::BadName {
                max: 40,
                got: "\"\"".into(),
            },
            FieldProblem::NotAString {
                found: LuaValue::String("\"x\"".into()),
            },
        ];
        for p in &fields {
            assert_ne!(p.text(Lang::En), p.text(Lang::Ru), "{p:?}");
        }
        let starts = [
            StartProblem::NoProgram("gone".into()),
            StartProblem::NoProcess {
                program: "liar".into(),
                error: "denied".into(),
            },
        ];
        for p in &starts {
            assert_ne!(p.text(Lang::En), p.text(Lang::Ru), "{p:?}");
        }
    }
}
