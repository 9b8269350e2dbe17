//! `liar replay`: step through a replay at the terminal, check it, or,
//! without a file, list the games `liar play` recorded.

use super::{Context, Failure, recorded};
use crate::cli::ReplayArgs;
use crate::human::{Console, should_color};
use crate::i18n::{AppMsg, Lang};
use crate::replay::check_replay;
use crate::viewer::{Perspective, Timeline, Viewer};
use std::fs::File;
use std::io::{BufReader, IsTerminal};
use std::path::Path;

/// `liar replay`.
pub fn run(args: &ReplayArgs, ctx: &Context) -> Result<(), Failure> {
    let lang = ctx.lang(None);
    let Some(file) = &args.file else {
        return list(lang);
    };
    let file = &recorded::resolve(file);
    if args.check {
        return check(file, lang);
    }
    view(args, file, lang)
}

/// The recorded games, newest first.
fn list(lang: Lang) -> Result<(), Failure> {
    let text = match recorded::folder() {
        Some(dir) => recorded::listing(&dir, lang),
        None => format!("{}\n", AppMsg::NoDataFolder.text(lang)),
    };
    super::stdout::print("list of recorded games", &text)
}

/// The viewer: the file read as far as it goes, then stepped through.
fn view(args: &ReplayArgs, path: &Path, lang: Lang) -> Result<(), Failure> {
    let file = open(path)?;
    let timeline = Timeline::read(BufReader::new(file)).map_err(|source| Failure::Unviewable {
        path: path.to_path_buf(),
        source,
    })?;
    // People count seats from 1; the viewer and the file from 0.
    let perspective = args.seat.map_or(Perspective::God, |n| {
        Perspective::Seat(usize::try_from(n - 1).unwrap_or(usize::MAX))
    });
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

fn check(path: &Path, lang: Lang) -> Result<(), Failure> {
    let file = open(path)?;
    match check_replay(BufReader::new(file)) {
        Ok(s) => {
            let shown = path.display().to_string();
            let valid = AppMsg::ValidReplay {
                path: &shown,
                counts: [
                    s.seats as u64,
                    u64::from(s.games),
                    s.rounds,
                    s.claims,
                    s.challenges,
                    s.penalties,
                ],
                aborted: s.aborted,
            };
            let mut text = format!("{}\n", valid.text(lang));
            if let Some(seed) = s.seed {
                let checked = AppMsg::CheckedSeed {
                    seed,
                    sealed: s.sealed,
                    dice_checked: s.dice_checked,
                };
                text.push_str(&checked.text(lang));
                text.push('\n');
            }
            super::stdout::print("check", &text)
        }
        Err(source) => Err(Failure::InvalidReplay {
            path: path.to_path_buf(),
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
