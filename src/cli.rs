//! The command line, declared with clap. Only this file names clap.

use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

/// Liar Dice ("Лжец"): play at the terminal, write Lua bots, run bot matches.
#[derive(Debug, Parser)]
#[command(name = "liar", version, about, propagate_version = true)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play matches between bots without a terminal and print a summary.
    Simulate(SimulateArgs),
    /// Check a replay file against every rule of the format.
    Replay(ReplayArgs),
}

/// `liar replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The replay file (JSON Lines).
    pub file: PathBuf,

    /// Validate the file against every invariant of the replay format and
    /// report the first broken line.
    #[arg(long)]
    pub check: bool,
}

/// `liar simulate`.
#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// Number of players when no --bot is given (each plays --policy).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(2..=16))]
    pub players: u8,

    /// Built-in policy for the --players seats: random or honest.
    #[arg(long, default_value = "random")]
    pub policy: String,

    /// Seats one player per flag, in order: a built-in policy name
    /// (random, honest) or a Lua bot file (bots/honest.lua).
    #[arg(long = "bot", value_name = "SEAT")]
    pub bots: Vec<String>,

    /// Number of games in the match.
    #[arg(long, default_value_t = 100)]
    pub games: u32,

    /// Master seed; the same seed and deterministic bots replay the same
    /// match. Without it a seed is picked and printed.
    #[arg(long)]
    pub seed: Option<u64>,

    /// Write the full replay (JSON Lines) to this file.
    #[arg(long, value_name = "FILE")]
    pub replay: Option<PathBuf>,

    /// Print only the summary table, no timing line.
    #[arg(long, short)]
    pub quiet: bool,
}

/// Parses the process arguments (exits with usage text on error).
pub fn parse() -> Cli {
    Cli::parse()
}
