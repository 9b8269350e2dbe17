//! What each subcommand does, and how failures become exit codes.

mod replay;
mod seats;
mod simulate;
mod summary;

use crate::cli::{Cli, Command};
use std::process::ExitCode;

/// A failed command: its message, and whether the user's input was at fault.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    /// Bad arguments or a bad table: exit code 2.
    #[error("{0}")]
    Usage(String),
    /// Something went wrong while running: exit code 1.
    #[error("{0}")]
    Runtime(String),
}

impl Failure {
    /// The process exit code for this failure.
    pub fn exit_code(&self) -> ExitCode {
        match self {
            Failure::Usage(_) => ExitCode::from(2),
            Failure::Runtime(_) => ExitCode::from(1),
        }
    }
}

/// Runs a parsed command line and returns the exit code (0 ok, 1 runtime
/// failure, 2 usage or config error).
pub fn run(cli: Cli) -> ExitCode {
    let result = match cli.command {
        Command::Simulate(args) => simulate::run(&args),
        Command::Replay(args) => replay::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("liar: {failure}");
            failure.exit_code()
        }
    }
}
