//! `liar replay`: check a replay file.

use super::Failure;
use crate::cli::ReplayArgs;
use crate::replay::{CheckError, check_replay};
use std::fs::File;
use std::io::BufReader;

pub fn run(args: &ReplayArgs, _ctx: &super::Context) -> Result<(), Failure> {
    if !args.check {
        return Err(Failure::Usage(
            "give --check to validate the file (the step-by-step viewer is not built yet)".into(),
        ));
    }
    let path = args.file.display();
    let file =
        File::open(&args.file).map_err(|e| Failure::Runtime(format!("cannot open {path}: {e}")))?;
    match check_replay(BufReader::new(file)) {
        Ok(s) => {
            println!(
                "{path}: valid replay: {} seats, {} games, {} rounds, {} claims, {} challenges, {} penalties{}",
                s.seats,
                s.games,
                s.rounds,
                s.claims,
                s.challenges,
                s.penalties,
                if s.aborted {
                    " (the match was stopped early)"
                } else {
                    ""
                }
            );
            Ok(())
        }
        Err(e @ CheckError::Incomplete { .. }) => Err(Failure::Runtime(format!(
            "{path}: incomplete replay, the match did not finish: {e}"
        ))),
        Err(e) => Err(Failure::Runtime(format!("{path}: invalid replay: {e}"))),
    }
}
