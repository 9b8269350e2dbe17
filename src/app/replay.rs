//! `liar replay`: step through a replay at the terminal, or check it.

use super::{Failure, lang};
use crate::cli::ReplayArgs;
use crate::human::{Console, should_color};
use crate::replay::check_replay;
use crate::viewer::{Perspective, Timeline, Viewer};
use std::fs::File;
use std::io::{BufReader, IsTerminal};
use std::path::Path;

pub fn run(args: &ReplayArgs, ctx: &super::Context) -> Result<(), Failure> {
    if args.check {
        return check(args);
    }
    view(args, ctx)
}

/// The viewer: the file read as far as it goes, then stepped through.
fn view(args: &ReplayArgs, ctx: &super::Context) -> Result<(), Failure> {
    let lang = lang::resolve(ctx.lang, None);
    let file = open(&args.file)?;
    let timeline = Timeline::read(BufReader::new(file)).map_err(|source| Failure::Unviewable {
        path: args.file.clone(),
        source,
    })?;
    let perspective = args.seat.map_or(Perspective::God, Perspective::Seat);
    let terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    let mut viewer = Viewer::new(&timeline, lang, perspective)
        .map_err(|e| Failure::Argument(format!("--seat: {}", e.text(lang))))?
        .with_clear_screen(terminal);
    if let Some(game) = args.game {
        viewer
            .go_to_game(game)
            .map_err(|e| Failure::Argument(format!("--game: {}", e.text(lang))))?;
    }
    let mut console = Console::stdio(should_color());
    viewer.run(&mut console);
    Ok(())
}

fn check(args: &ReplayArgs) -> Result<(), Failure> {
    let path = args.file.display();
    let file = open(&args.file)?;
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
            if let Some(seed) = s.seed {
                let how = match (s.sealed, s.dice_checked) {
                    (true, _) => {
                        "drawn at random: its SHA-256 is the commitment of the `match` line, and every die is the seed's"
                    }
                    (false, true) => "every die is the seed's",
                    (false, false) => "format version 1: the dice are not checked against the seed",
                };
                println!("seed {seed}: {how}");
            }
            Ok(())
        }
        Err(source) => Err(Failure::InvalidReplay {
            path: args.file.clone(),
            source,
        }),
    }
}

/// The replay file, opened for reading.
fn open(path: &Path) -> Result<File, Failure> {
    File::open(path).map_err(|source| Failure::File {
        action: "open",
        path: path.to_path_buf(),
        source,
    })
}
