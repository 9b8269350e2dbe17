//! Why a command failed, with the error it came from, and the one place
//! that turns failures into exit codes.

use crate::config::ConfigError;
use crate::engine::SetupError;
use crate::i18n::Lang;
use crate::lua::BotLoadError;
use crate::replay::CheckError;
use crate::tournament::{BadShard, MergeError, ReadError, RunError, SpecError};
use crate::viewer::LoadError;
use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

/// A failed command. Each kind keeps the error it came from
/// ([`std::error::Error::source`]); [`Failure::exit_code`] says whose fault
/// it was.
///
/// ```
/// use liar::app::Failure;
/// let failure = Failure::SeatCount(1);
/// assert_eq!(failure.to_string(), "a match needs 2 to 16 seats, got 1");
/// assert_eq!(failure.exit_code(), std::process::ExitCode::from(2));
/// ```
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    // The user's input (exit code 2).
    /// A table or tournament file that cannot be used.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// A table seat's bot that cannot be loaded.
    #[error("{origin}: seat {} (seats[{seat}], {name}): {source}", seat + 1)]
    SeatBot {
        /// The table file (or the built-in table's name).
        origin: String,
        /// The seat, from 0 (said as seat+1, with the file's `seats[i]`).
        seat: usize,
        /// The seat's name.
        name: String,
        /// Why it cannot be loaded.
        source: BotLoadError,
    },
    /// A `--bot FILE` that cannot be loaded.
    #[error("--bot {spec} (seat {}): {source}", seat + 1)]
    FlagBot {
        /// The flag's value.
        spec: String,
        /// The seat, from 0 (said from 1).
        seat: usize,
        /// Why it cannot be loaded.
        source: BotLoadError,
    },
    /// A `--bot NAME` that names no Lua file, bundled bot or native bot.
    #[error(
        "--bot {spec:?} (seat {}): not a Lua file, a bundled bot ({}) or a native bot ({})",
        seat + 1,
        crate::lua::BUNDLED_BOTS.join(", "),
        crate::engine::Policy::BOT_NAMES.map(|(n, _)| n).join(", ")
    )]
    UnknownBot {
        /// The flag's value.
        spec: String,
        /// The seat, from 0 (said from 1).
        seat: usize,
    },
    /// Too few or too many seats for a match.
    #[error("a match needs 2 to {max} seats, got {0}", max = crate::rules::MAX_SEATS)]
    SeatCount(usize),
    /// `--bot` seats that the table's `min_players`/`max_players` refuse.
    #[error(
        "{origin}: the table takes {min} to {max} players (min_players, max_players), but --bot gives {seats}"
    )]
    TableSeatCount {
        /// The table file.
        origin: String,
        /// Seats given.
        seats: usize,
        /// The table's `min_players`.
        min: usize,
        /// The table's `max_players`.
        max: usize,
    },
    /// `--level` with a table file that seats its own players.
    #[error(
        "{origin}: --level chooses the bots of the built-in table, but this file seats its own; drop --level or edit the file's [[seats]]"
    )]
    LevelWithTable {
        /// The table file.
        origin: String,
    },
    /// A table with people given to a command that plays bots only.
    #[error(
        "{origin}: `liar {command}` plays bots only, but {} {} human; use `liar play`",
        humans.join(", "),
        if humans.len() == 1 { "is" } else { "are" }
    )]
    PeopleAtBotTable {
        /// The table file (or the built-in table's name).
        origin: String,
        /// The command (`watch`, `simulate`).
        command: &'static str,
        /// The human seats' names.
        humans: Vec<String>,
    },
    /// Players that do not make a match.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A file `new-bot` would overwrite.
    #[error(
        "{} exists; choose another name, --output FILE, or --force to overwrite",
        .0.display()
    )]
    WouldOverwrite(PathBuf),
    /// A command-line value that cannot be used, or is missing: the flag
    /// and what is wrong.
    #[error("{0}")]
    Argument(String),
    /// A `--shard K/N` that is not one.
    #[error("--shard {text}: {source}")]
    Shard {
        /// The flag's value.
        text: String,
        /// What is wrong with it.
        source: BadShard,
    },
    /// A tournament that cannot be played as given.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// A tournament bot's file that cannot be read.
    #[error("bot {name}: cannot read {}: {source}", path.display())]
    BotFile {
        /// The bot's name.
        name: String,
        /// Its file.
        path: PathBuf,
        /// Why it cannot be read.
        source: io::Error,
    },
    /// A results file to merge that cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    ResultsFile {
        /// The file.
        path: PathBuf,
        /// Why it cannot be read.
        source: io::Error,
    },
    /// A results file to merge that is not one.
    #[error("{}: {source}", path.display())]
    BadResults {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        source: ReadError,
    },
    /// Shards that do not merge.
    #[error(transparent)]
    Merge(#[from] MergeError),

    // Something went wrong while running (exit code 1).
    /// A file or folder that cannot be opened, created or written.
    #[error("cannot {action} {}: {source}", path.display())]
    File {
        /// What was being done: "open", "create replay file", ….
        action: &'static str,
        /// The file or folder.
        path: PathBuf,
        /// Why it failed.
        source: io::Error,
    },
    /// Standard output that cannot be written.
    #[error("cannot write the {what}: {source}")]
    Stdout {
        /// What was being written.
        what: &'static str,
        /// Why it failed.
        source: io::Error,
    },
    /// A replay the viewer cannot read.
    #[error("{}: cannot view this replay: {source}", path.display())]
    Unviewable {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        source: LoadError,
    },
    /// A replay that breaks the rules or the format.
    #[error("{}: {}{source}{}", path.display(), source.verdict(Lang::En), source.sealed_note(Lang::En))]
    InvalidReplay {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        source: CheckError,
    },
    /// The table built into the program that does not load (a defect).
    #[error("the built-in table is broken: {0}")]
    BuiltInTable(#[source] ConfigError),
    /// A bot built into the program that does not load (a defect).
    #[error("bundled bot {name}: {source}")]
    BundledBot {
        /// The bot.
        name: String,
        /// Why it does not load.
        source: BotLoadError,
    },
    /// No random seed from the operating system.
    #[error("cannot draw a random seed from the operating system: {0}; give one with --seed")]
    NoRandomSeed(String),
    /// A bot that failed `check-bot`.
    #[error("{} did not pass the check", .0.display())]
    CheckFailed(PathBuf),
    /// A tournament that stopped on an error.
    #[error(transparent)]
    Tournament(#[from] RunError),
    /// `liar join` could not play on: the connection, the server or the
    /// saved seat; the text is already in the run's language.
    #[error("{0}")]
    Online(String),
    /// A game record that cannot be shown as JSON.
    #[error("cannot show game {game}: {source}")]
    ShowGame {
        /// The game, from 1.
        game: u64,
        /// Why.
        source: serde_json::Error,
    },

    /// Stopped by Ctrl-C (exit code 130); `kept` when a replay file keeps
    /// what was played.
    #[error("{}", crate::i18n::AppMsg::Interrupted { kept: *kept }.text(crate::i18n::Lang::En))]
    Interrupted {
        /// Whether a replay was written.
        kept: bool,
    },

    /// `liar join` stopped by Ctrl-C (exit code 130): the match goes on at
    /// the server, and no replay is written here.
    #[error("{}", crate::i18n::AppMsg::LeftOnline.text(crate::i18n::Lang::En))]
    LeftOnline,
}

impl Failure {
    /// The process exit code: 2 when the user's input is at fault, 1 when
    /// running failed, 130 when interrupted.
    pub fn exit_code(&self) -> ExitCode {
        use Failure::*;
        ExitCode::from(match self {
            Config(_)
            | SeatBot { .. }
            | FlagBot { .. }
            | UnknownBot { .. }
            | SeatCount(_)
            | TableSeatCount { .. }
            | LevelWithTable { .. }
            | PeopleAtBotTable { .. }
            | Setup(_)
            | WouldOverwrite(_)
            | Argument(_)
            | Shard { .. }
            | Spec(_)
            | BotFile { .. }
            | ResultsFile { .. }
            | BadResults { .. }
            | Merge(_) => 2,
            File { .. }
            | Stdout { .. }
            | Unviewable { .. }
            | InvalidReplay { .. }
            | BuiltInTable(_)
            | BundledBot { .. }
            | NoRandomSeed(_)
            | CheckFailed(_)
            | Tournament(_)
            | Online(_)
            | ShowGame { .. } => 1,
            Interrupted { .. } | LeftOnline => 130,
        })
    }
}
