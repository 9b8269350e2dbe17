//! What the person stepping through a replay types: English or Russian.

/// A viewer command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ViewerCommand {
    /// `n`, `next`, an empty line; `д`, `далее`, `дальше`.
    Next,
    /// `p`, `prev`, `back`; `з`, `назад`. (Not `н`: at the table `н` is
    /// «не верю».)
    Previous,
    /// `r N`, `round N`; `р N`, `раунд N`: round N of the current game.
    Round(u32),
    /// `g N`, `game N`; `п N`, `партия N`, `игра N`: the start of game N.
    Game(u32),
    /// `s N`, `seat N`, `view N`; `м N`, `место N`, `вид N`: whose view,
    /// as typed (a seat number, a name, `god`/`бог`). `god` and `бог` alone
    /// work too.
    View(String),
    /// `a`, `all`; `все`, `всё`: every step to the end of the current game.
    All,
    /// `h`, `help`, `?`; `помощь`, `справка`.
    Help,
    /// `q`, `quit`, `exit`; `к`, `конец`, `выход`, `выйти`. (Not `в`: at the
    /// table `в` is «верю».)
    Quit,
}

/// Why a line is not a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ViewerCommandError {
    /// No command starts this way (the text as typed, trimmed).
    Unknown(String),
    /// The command needs a number; holds an example in the words typed.
    NeedsNumber(String),
    /// `s` without a seat.
    NeedsSeat,
}

/// Reads a command. Case does not matter; a number may follow its letter
/// with or without a space (`r 2`, `r2`).
///
/// ```
/// use liar::viewer::{ViewerCommand, ViewerCommandError, parse_command};
/// assert_eq!(parse_command(""), Ok(ViewerCommand::Next));
/// assert_eq!(parse_command("Назад"), Ok(ViewerCommand::Previous));
/// assert_eq!(parse_command("з"), Ok(ViewerCommand::Previous));
/// assert_eq!(parse_command("к"), Ok(ViewerCommand::Quit));
/// // The table's answers «в» (верю) and «н» (не верю) are not viewer keys.
/// assert!(parse_command("в").is_err() && parse_command("н").is_err());
/// assert_eq!(parse_command("r3"), Ok(ViewerCommand::Round(3)));
/// assert_eq!(parse_command("партия 2"), Ok(ViewerCommand::Game(2)));
/// assert_eq!(parse_command("s god"), Ok(ViewerCommand::View("god".into())));
/// assert_eq!(parse_command("м 1"), Ok(ViewerCommand::View("1".into())));
/// assert_eq!(parse_command("r"), Err(ViewerCommandError::NeedsNumber("r 2".into())));
/// assert!(matches!(parse_command("fly"), Err(ViewerCommandError::Unknown(_))));
/// ```
pub fn parse_command(text: &str) -> Result<ViewerCommand, ViewerCommandError> {
    let trimmed = text.trim();
    let lower = trimmed.to_lowercase().replace('ё', "е");
    let split = lower
        .char_indices()
        .find(|(_, c)| !c.is_alphabetic())
        .map_or(lower.len(), |(i, _)| i);
    let (word, rest) = lower.split_at(split);
    let arg = rest.trim();
    let number = |example: &str| -> Result<u32, ViewerCommandError> {
        arg.parse::<u32>()
            .map_err(|_| ViewerCommandError::NeedsNumber(format!("{word} {example}")))
    };
    let command = match word {
        "" if arg.is_empty() => ViewerCommand::Next,
        "" if arg == "?" => ViewerCommand::Help,
        "n" | "next" | "д" | "далее" | "дальше" | "вперед" => ViewerCommand::Next,
        "p" | "prev" | "previous" | "b" | "back" | "з" | "назад" => ViewerCommand::Previous,
        "r" | "round" | "р" | "раунд" => ViewerCommand::Round(number("2")?),
        "g" | "game" | "п" | "партия" | "игра" => ViewerCommand::Game(number("2")?),
        "s" | "seat" | "view" | "м" | "место" | "вид" => {
            if arg.is_empty() {
                return Err(ViewerCommandError::NeedsSeat);
            }
            // Names keep their case: take the argument from the text as typed.
            let typed = trimmed
                .char_indices()
                .find(|(_, c)| !c.is_alphabetic())
                .map_or("", |(i, _)| &trimmed[i..]);
            ViewerCommand::View(typed.trim().to_string())
        }
        "god" | "бог" if arg.is_empty() => ViewerCommand::View(word.to_string()),
        "a" | "all" | "все" if arg.is_empty() => ViewerCommand::All,
        "h" | "help" | "помощь" | "справка" if arg.is_empty() => ViewerCommand::Help,
        "q" | "quit" | "exit" | "к" | "конец" | "выход" | "выйти" if arg.is_empty() => {
            ViewerCommand::Quit
        }
        _ => return Err(ViewerCommandError::Unknown(trimmed.to_string())),
    };
    if !arg.is_empty() && matches!(command, ViewerCommand::Next | ViewerCommand::Previous) {
        return Err(ViewerCommandError::Unknown(trimmed.to_string()));
    }
    Ok(command)
}
