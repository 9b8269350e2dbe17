//! The command line, declared with clap. Only this file names clap.

use crate::setup::{Isolation, Level, Named};
use clap::builder::PossibleValue;
use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// Liar Dice («Лжец»): play at the terminal, write Lua bots, run bot matches
/// and tournaments.
#[derive(Debug, Parser)]
#[command(name = "liar", version, about, propagate_version = true)]
pub struct Cli {
    /// Language of everything a player reads: en or ru (default: from the
    /// system locale, LC_ALL / LC_MESSAGES / LANG).
    #[arg(long, global = true, value_enum)]
    pub lang: Option<LangArg>,

    /// Print less: only results and errors.
    #[arg(long, short, global = true, conflicts_with = "verbose")]
    pub quiet: bool,

    /// Print more: bots' debug lines go to standard error too.
    #[arg(long, short, global = true)]
    pub verbose: bool,

    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// A language on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LangArg {
    /// English.
    En,
    /// Russian (русский).
    Ru,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play at this terminal against bots (or friends), from a table file or
    /// the built-in table: you against two bots (--level chooses them).
    /// Every match is recorded in your data folder (see `liar replay`).
    Play(PlayArgs),
    /// Watch bots play a table, narrated move by move.
    Watch(WatchArgs),
    /// Play matches between bots without a terminal and print a summary.
    Simulate(SimulateArgs),
    /// Explain the rules, with the hand ranking and the odds of each hand.
    Rules(RulesArgs),
    /// Test a Lua bot: quick games against the bundled bots, with its
    /// errors, penalties, speed, memory and determinism.
    CheckBot(CheckBotArgs),
    /// Write a commented Lua bot template that plays legal games as it is.
    NewBot(NewBotArgs),
    /// Run a bot tournament from a tournament file, or merge shard results.
    Tournament(TournamentArgs),
    /// Step through a replay file, or check it (--check).
    Replay(ReplayArgs),
    /// Host tables that people join over the network (a browser, `liar
    /// join`, or any client of the protocol in docs/online.md).
    Serve(ServeArgs),
    /// Play a seat at a `liar serve` table from this terminal, with the
    /// same questions, answers and help as `liar play`.
    Join(JoinArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(CompletionsArgs),
    /// Serve one Lua bot over standard input and output, confined (the
    /// engine starts this for each bot under `--isolation process`).
    #[command(name = "bot-host", hide = true)]
    BotHost(BotHostArgs),
}

/// The help of an `--isolation` flag that overrides a file's `[limits]
/// isolation`, whose default is `$default` when neither says.
macro_rules! isolation_help {
    ($default:literal) => {
        concat!(
            "Where Lua bots run: thread (in this process) or process (each bot in a confined ",
            "child process, killed when a call overruns); overrides the file's `[limits] ",
            "isolation`. Default: ",
            $default
        )
    };
}

/// `--isolation` takes the names a table file takes for `[limits]
/// isolation` (the engine's own enum, named once in `setup`).
impl ValueEnum for Isolation {
    fn value_variants<'a>() -> &'a [Self] {
        &[Isolation::Thread, Isolation::Process]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let help = match self {
            Isolation::Thread => "In the engine's process: fastest, for bots you trust",
            Isolation::Process => {
                "Each bot in a confined child process, killed when a call overruns"
            }
        };
        Some(PossibleValue::new(self.name()).help(help))
    }
}

/// `--level` takes the names of the engine's own levels.
impl ValueEnum for Level {
    fn value_variants<'a>() -> &'a [Self] {
        &[Level::Easy, Level::Medium, Level::Hard]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.name()).help(self.describe()))
    }
}

/// `liar bot-host` (hidden).
#[derive(Debug, Args)]
pub struct BotHostArgs {
    /// The bot's memory limit in bytes (sizes the process's own limit).
    #[arg(long)]
    pub memory_bytes: u64,

    /// The bot's wall-clock limit per call, in milliseconds.
    #[arg(long)]
    pub wall_ms: u64,

    /// The engine's process id (the bot's process dies with it).
    #[arg(long)]
    pub parent_pid: u32,
}

/// Options shared by `play` and `watch`.
#[derive(Debug, Args)]
pub struct TableArgs {
    /// The table file (TOML); without it, the built-in table.
    pub table: Option<PathBuf>,

    /// Master seed (overrides the table's); without either, one is drawn
    /// at random and kept secret: its SHA-256 is shown at the start, the
    /// seed at the end.
    #[arg(long)]
    pub seed: Option<u64>,

    /// Write the replay (JSON Lines, flushed every round) to this file
    /// (overrides the table's, and for `play` the data folder).
    #[arg(long, value_name = "FILE")]
    pub replay: Option<PathBuf>,

    /// Number of games, at least 1 (overrides the table's).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub games: Option<u32>,

    /// Pause after each bot action, in milliseconds (default: 700 on a
    /// terminal, 0 when the output is piped).
    #[arg(long, value_name = "MS")]
    pub delay: Option<u64>,

    #[arg(long, value_enum, value_name = "WHERE", help = isolation_help!("thread"))]
    pub isolation: Option<Isolation>,
}

/// `liar play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// Table options.
    #[command(flatten)]
    pub table: TableArgs,

    /// The opponents at the built-in table (not with a table file, which
    /// seats its own); without it, easy.
    #[arg(long, value_enum)]
    pub level: Option<Level>,

    /// Do not record the match. Without it (and without --replay), a
    /// replay goes to your data folder, e.g.
    /// ~/.local/share/liar/replays/ ($XDG_DATA_HOME/liar/replays); `liar
    /// replay` lists them.
    #[arg(long, conflicts_with = "replay")]
    pub no_replay: bool,

    /// Hot seat: ask "accept or challenge?" at once, by name, and pass the
    /// keyboard only before someone's dice are shown (after an accept).
    /// Without it the keyboard is passed before every turn.
    #[arg(long)]
    pub quick_hand_over: bool,
}

/// `liar watch`.
#[derive(Debug, Args)]
pub struct WatchArgs {
    /// Table options.
    #[command(flatten)]
    pub table: TableArgs,

    /// God's view: also show every hidden throw and the bots' debug lines.
    #[arg(long)]
    pub god: bool,
}

/// `liar simulate`.
#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// A table file to take the rules, limits and seats from (seats given
    /// with --bot replace the table's).
    #[arg(long, value_name = "FILE")]
    pub table: Option<PathBuf>,

    /// The built-in table at this level of `liar play`, its person's seat
    /// played by the one --bot: how a bot fares where a person would sit.
    #[arg(long, value_enum, conflicts_with = "table", requires = "bots")]
    pub level: Option<Level>,

    /// Number of players when neither --bot nor --table is given (each
    /// plays --policy).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(2..=16))]
    pub players: u8,

    /// The bot of every --players seat: any name --bot takes.
    #[arg(long, value_name = "BOT", default_value = "native-random")]
    pub policy: String,

    /// Seats one player per flag, in order: a Lua bot file
    /// (my_bot.lua), a bundled Lua bot (random, honest, bluffer,
    /// statistician, expert, ...), or a native bot written in Rust, much
    /// faster (native-random, native-honest). With --table, the table's
    /// min_players and max_players still apply.
    #[arg(long = "bot", value_name = "SEAT")]
    pub bots: Vec<String>,

    /// Number of games in the match, at least 1.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub games: Option<u32>,

    /// Master seed; the same seed and deterministic bots replay the same
    /// match. Without it one is drawn at random and shown with the results.
    #[arg(long)]
    pub seed: Option<u64>,

    /// Write the full replay (JSON Lines) to this file.
    #[arg(long, value_name = "FILE")]
    pub replay: Option<PathBuf>,

    #[arg(long, value_enum, value_name = "WHERE", help = isolation_help!("thread"))]
    pub isolation: Option<Isolation>,
}

/// `liar serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Where to listen; loopback unless you say otherwise (0.0.0.0:8080
    /// for a LAN). Port 0 lets the system choose one (printed).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: std::net::SocketAddr,

    /// The folder the server keeps its matches and index in (default: your
    /// data folder's `server/`, e.g. ~/.local/share/liar/server).
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,

    /// Table files people can open tables from (their human seats are open
    /// seats); without any, the built-in presets.
    #[arg(value_name = "TABLE.toml")]
    pub tables: Vec<PathBuf>,

    /// A bot's pause before each move at a table of people, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 800)]
    pub bot_delay: u64,

    /// Connections one IP address may hold at once.
    #[arg(long, value_name = "N", default_value_t = crate::server::limits::MAX_CONNECTIONS_PER_IP)]
    pub max_per_ip: usize,

    /// Connections from all addresses at once, at most (never more than
    /// the system's open-file limit allows).
    #[arg(long, value_name = "N", default_value_t = crate::server::limits::MAX_CONNECTIONS)]
    pub max_connections: usize,

    /// Tables waiting or playing at once, at most.
    #[arg(long, value_name = "N", default_value_t = crate::server::limits::MAX_TABLES)]
    pub max_tables: usize,

    /// Tables waiting or playing at once that people from one IP address
    /// made, at most.
    #[arg(long, value_name = "N", default_value_t = crate::server::limits::MAX_TABLES_PER_IP)]
    pub max_tables_per_ip: usize,

    /// How long a waiting table stays when nobody is connected to its
    /// seats, counted from its last change, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = crate::server::limits::TABLE_IDLE.as_secs())]
    pub table_idle: u64,

    /// A site whose pages may play here besides the server's own, as its
    /// address starts (https://game.example.org): the name a TLS proxy
    /// serves, or a LAN name. Its host is then also accepted in requests.
    /// Repeat for several.
    #[arg(long, value_name = "ORIGIN")]
    pub allow_origin: Vec<String>,

    #[arg(long, value_enum, value_name = "WHERE", help = isolation_help!("thread"))]
    pub isolation: Option<Isolation>,
}

/// `liar rules`.
#[derive(Debug, Args)]
pub struct RulesArgs {
    /// Explain the rules of this table file instead of the book's defaults.
    pub table: Option<PathBuf>,
}

/// `liar check-bot`.
#[derive(Debug, Args)]
pub struct CheckBotArgs {
    /// The bot's Lua file.
    pub file: PathBuf,

    /// Games per match, at least 1 (three matches: the bot takes each seat
    /// in turn).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..))]
    pub games: u32,

    /// Where the bot runs: process (a confined child process, killed when
    /// a call overruns) or thread (in this process).
    #[arg(long, value_enum, value_name = "WHERE", default_value_t = Isolation::Process)]
    pub isolation: Isolation,

    /// Master seed of the first match (the others use the next two);
    /// without it, one is drawn at random and shown at the end.
    #[arg(long)]
    pub seed: Option<u64>,

    /// A value the bot reads as `liar.params.NAME`, as a table file's
    /// `params` would give it (repeat for more): true or false, a number,
    /// or else the text itself.
    #[arg(long = "param", value_name = "NAME=VALUE")]
    pub params: Vec<String>,
}

/// `liar new-bot`.
#[derive(Debug, Args)]
pub struct NewBotArgs {
    /// The bot's name; the file is NAME.lua unless --output says otherwise.
    pub name: String,

    /// Where to write the template ("-" for standard output).
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Overwrite the file if it exists.
    #[arg(long)]
    pub force: bool,
}

/// `liar tournament`.
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct TournamentArgs {
    /// Merge shard results instead of running.
    #[command(subcommand)]
    pub merge: Option<TournamentCommand>,

    /// The tournament file (TOML).
    #[arg(required = true)]
    pub file: Option<PathBuf>,

    /// Worker threads (default: all cores).
    #[arg(long)]
    pub jobs: Option<usize>,

    /// Master seed (overrides the file's); without either, one is drawn at
    /// random and shown with the results.
    #[arg(long)]
    pub seed: Option<u64>,

    /// Number of games, at least 1 (overrides the file's).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub games: Option<u64>,

    /// Play only shard K of N (1-based), e.g. 2/8; merge the shards'
    /// JSON results with `liar tournament merge`.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,

    /// Output format of the results.
    #[arg(long, value_enum, default_value_t = OutputFormat::Table)]
    pub format: OutputFormat,

    /// Also write the results (JSON) to this file.
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Write replays into this folder (which games: --replays).
    #[arg(long, value_name = "DIR")]
    pub replay_dir: Option<PathBuf>,

    /// Which games get a replay in --replay-dir: all, penalties (games with
    /// a penalty), or every-N (e.g. every-100).
    #[arg(long, value_name = "WHICH")]
    pub replays: Option<String>,

    /// Play only game K of the tournament (1-based), alone; with --replay,
    /// write its replay.
    #[arg(long, value_name = "K")]
    pub only_game: Option<u64>,

    /// With --only-game: the replay file to write.
    #[arg(long, value_name = "FILE", requires = "only_game")]
    pub replay: Option<PathBuf>,

    /// No progress bar even on a terminal.
    #[arg(long)]
    pub no_progress: bool,

    #[arg(long, value_enum, value_name = "WHERE", help = isolation_help!("process"))]
    pub isolation: Option<Isolation>,

    /// Include decision times and speed in JSON and CSV output (they vary
    /// from run to run; without them the output is byte-identical for the
    /// same tournament, whatever the number of threads).
    #[arg(long)]
    pub timing: bool,
}

/// `liar tournament merge`.
#[derive(Debug, Subcommand)]
pub enum TournamentCommand {
    /// Combine shard results (JSON files from --shard runs) into the
    /// results of the whole tournament.
    Merge(MergeArgs),
}

/// `liar tournament merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The shard result files.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,

    /// Output format of the merged results.
    #[arg(long, value_enum, default_value_t = OutputFormat::Table)]
    pub format: OutputFormat,

    /// Also write the merged results (JSON) to this file.
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// How results are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// An aligned table for people.
    Table,
    /// JSON, for programs (byte-identical for identical results).
    Json,
    /// CSV, one row per bot.
    Csv,
}

/// `liar replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The replay file (JSON Lines); without it, the list of games
    /// `liar play` recorded, newest first.
    pub file: Option<PathBuf>,

    /// Validate the file against every invariant of the replay format and
    /// report the first broken line.
    #[arg(long, requires = "file")]
    pub check: bool,

    /// Show only what seat N knew (its own dice while it held them),
    /// counting seats from 1 as the viewer shows them; without it, God's
    /// view.
    #[arg(long, value_name = "N", requires = "file", value_parser = clap::value_parser!(u64).range(1..))]
    pub seat: Option<u64>,

    /// Game to show (default: 1).
    #[arg(long, value_name = "N", requires = "file", value_parser = clap::value_parser!(u32).range(1..))]
    pub game: Option<u32>,
}

/// `liar join`.
#[derive(Debug, Args)]
pub struct JoinArgs {
    /// The server: ws://HOST:PORT/ws, http://HOST:PORT/, HOST:PORT, or a
    /// seat link http://HOST:PORT/table/ID?seat=N. Plain ws only (no TLS).
    pub url: String,

    /// Your name at the table (without it, you are asked; Enter takes your
    /// user name).
    #[arg(long)]
    pub name: Option<String>,

    /// The table to sit at (without it, the lobby lists them).
    #[arg(long, value_name = "ID")]
    pub table: Option<u64>,

    /// The seat to take, counting from 1 (without it, the first open one).
    #[arg(long, value_name = "N", requires = "table", conflicts_with = "spectate", value_parser = clap::value_parser!(u64).range(1..))]
    pub seat: Option<u64>,

    /// Watch the table instead of playing (the public view only).
    #[arg(long, conflicts_with = "name")]
    pub spectate: bool,
}

/// `liar completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// Parses the process arguments (exits with usage text on error, code 2).
pub fn parse() -> Cli {
    Cli::parse()
}

/// The completion script for `shell` (generated in memory: the generator
/// panics on a write error, so the caller writes the bytes itself).
pub fn completions(shell: clap_complete::Shell) -> Vec<u8> {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "liar", &mut out);
    out
}
