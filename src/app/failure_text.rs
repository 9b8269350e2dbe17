//! A failure in the language of the run: the app's own words in English or
//! Russian, and a table file's mistakes in the same language
//! (`ConfigError::text`) and a bot's that cannot be loaded
//! (`BotLoadError::text`), a replay that fails its check (`CheckError::text`)
//! and a tournament that cannot be played, read or merged (`SpecError::text`,
//! `MergeError::text`, `RunError::text`, …); what a bot's Lua, serde or the
//! system reports follows in its own words.

use super::Failure;
use crate::i18n::{AppMsg, Lang};

impl Failure {
    /// The message in `lang` (English is the `Display` text).
    ///
    /// ```
    /// use liar::app::Failure;
    /// use liar::i18n::Lang;
    /// let f = Failure::Interrupted { kept: false };
    /// assert_eq!(f.text(Lang::Ru), "прервано (запись не велась)");
    /// ```
    pub fn text(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        let max = crate::rules::MAX_SEATS;
        match self {
            Failure::Interrupted { kept } => AppMsg::Interrupted { kept: *kept }.text(lang),
            Failure::LeftOnline => AppMsg::LeftOnline.text(lang),
            Failure::SeatCount(n) => format!("для матча нужно от 2 до {max} мест, а задано {n}"),
            Failure::TableSeatCount {
                origin,
                seats,
                min,
                max,
            } => format!(
                "{origin}: за этим столом играют от {min} до {max} игроков (min_players, max_players), а --bot задаёт {seats}"
            ),
            Failure::LevelWithTable { origin } => format!(
                "{origin}: --level выбирает ботов встроенного стола, а в этом файле свои места; уберите --level или измените [[seats]] в файле"
            ),
            Failure::PeopleAtBotTable {
                origin,
                command,
                humans,
            } => format!(
                "{origin}: `liar {command}` играет только ботами, а здесь есть люди: {}; используйте `liar play`",
                humans.join(", ")
            ),
            Failure::SeatBot {
                origin,
                seat,
                name,
                source,
            } => format!(
                "{origin}: место {} (seats[{seat}], {name}): {}",
                seat + 1,
                source.text(lang)
            ),
            Failure::FlagBot { spec, seat, source } => {
                format!("--bot {spec} (место {}): {}", seat + 1, source.text(lang))
            }
            Failure::UnknownBot { spec, seat } => format!(
                "--bot {spec:?} (место {}): это не файл Lua, не встроенный бот ({}) и не нативный бот ({})",
                seat + 1,
                crate::lua::BUNDLED_BOTS.join(", "),
                crate::engine::Policy::BOT_NAMES.map(|(n, _)| n).join(", ")
            ),
            Failure::WouldOverwrite(path) => format!(
                "{} уже есть; выберите другое имя, --output ФАЙЛ или --force, чтобы перезаписать",
                path.display()
            ),
            Failure::File {
                action,
                path,
                source,
            } => format!(
                "не удаётся выполнить «{action}» для {}: {source}",
                path.display()
            ),
            Failure::Stdout { what, source } => {
                format!("не удаётся вывести «{what}»: {source}")
            }
            Failure::Unviewable { path, source } => {
                format!("{}: эту запись нельзя показать: {source}", path.display())
            }
            Failure::NoRandomSeed(why) => {
                format!("система не дала случайный сид: {why}; задайте его через --seed")
            }
            Failure::InvalidReplay { path, source } => format!(
                "{}: {}{}{}",
                path.display(),
                source.verdict(lang),
                source.text(lang),
                source.sealed_note(lang)
            ),
            Failure::CheckFailed(path) => {
                format!("{} не прошёл проверку", path.display())
            }
            Failure::Config(e) => e.text(lang),
            Failure::Shard { text, source } => format!("--shard {text}: {}", source.text(lang)),
            Failure::Spec(e) => e.text(lang),
            Failure::BotFile { name, path, source } => format!(
                "бот {name}: не удаётся прочитать {}: {source}",
                path.display()
            ),
            Failure::ResultsFile { path, source } => {
                format!("не удаётся прочитать {}: {source}", path.display())
            }
            Failure::BadResults { path, source } => {
                format!("{}: {}", path.display(), source.text(lang))
            }
            Failure::Merge(e) => e.text(lang),
            Failure::Tournament(e) => e.text(lang),
            Failure::BuiltInTable(e) => format!("встроенный стол повреждён: {}", e.text(lang)),
            Failure::BundledBot { name, source } => {
                format!("встроенный бот {name}: {}", source.text(lang))
            }
            other => other.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_app_s_own_words_are_translated_and_seats_count_from_one() {
        let f = Failure::UnknownBot {
            spec: "nobody".into(),
            seat: 0,
        };
        assert!(
            f.text(Lang::En).contains("(seat 1)"),
            "{}",
            f.text(Lang::En)
        );
        assert!(
            f.text(Lang::Ru).contains("(место 1)"),
            "{}",
            f.text(Lang::Ru)
        );
        let g = Failure::SeatCount(1);
        assert_ne!(g.text(Lang::En), g.text(Lang::Ru));
    }
}
