//! What each subcommand does, and how failures become exit codes.

mod bot_tools;
mod check_report;
mod failure;
mod failure_text;
mod interrupt;
mod join;
mod lang;
mod output;
mod recorded;
mod replay;
mod rules_cmd;
mod seats;
mod seed;
mod serve;
mod simulate;
mod stdout;
mod summary;
mod table_match;
mod tournament;

use crate::cli::{Cli, Command, LangArg};
pub use failure::Failure;
use std::process::ExitCode;

/// The global flags every command may use.
#[derive(Clone, Copy, Debug)]
pub struct Context {
    /// `--lang`, if given.
    pub lang: Option<LangArg>,
    /// `--quiet`.
    pub quiet: bool,
    /// `--verbose`.
    pub verbose: bool,
}

impl Context {
    /// The language to speak: `--lang`, else the table's, else the locale.
    pub fn lang(&self, table: Option<crate::i18n::Lang>) -> crate::i18n::Lang {
        lang::resolve(self.lang, table)
    }
}

/// Runs a parsed command line and returns the exit code (0 ok, 1 runtime
/// failure, 2 usage or config error, 130 interrupted).
pub fn run(cli: Cli) -> ExitCode {
    let ctx = Context {
        lang: cli.lang,
        quiet: cli.quiet,
        verbose: cli.verbose,
    };
    let result = match cli.command {
        Command::Play(args) => table_match::play(&args, &ctx),
        Command::Watch(args) => table_match::watch(&args, &ctx),
        Command::Simulate(args) => simulate::run(&args, &ctx),
        Command::Rules(args) => rules_cmd::run(&args, &ctx),
        Command::CheckBot(args) => bot_tools::check(&args, &ctx),
        Command::NewBot(args) => bot_tools::new(&args, &ctx),
        Command::Tournament(args) => tournament::run(&args, &ctx),
        Command::Replay(args) => replay::run(&args, &ctx),
        Command::Serve(args) => serve::run(&args, &ctx),
        Command::Join(args) => join::run(&args, &ctx),
        Command::Completions(args) => {
            let script = crate::cli::completions(args.shell);
            stdout::print("completion script", &String::from_utf8_lossy(&script))
        }
        Command::BotHost(args) => {
            let wall = std::time::Duration::from_millis(args.wall_ms);
            let status = crate::lua::serve_bot_host(args.memory_bytes, wall, args.parent_pid);
            return ExitCode::from(u8::try_from(status).unwrap_or(1));
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            stdout::note(&format!("liar: {}", failure.text(ctx.lang(None))));
            failure.exit_code()
        }
    }
}
