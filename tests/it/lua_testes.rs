//! Lua 5.4's own test suite inside the sandbox (issue #32).
//!
//! `tests/lua-testes/` holds the files of Lua's `testes/` that bots can
//! run, with what they cannot run commented out and marked (its README.md
//! says where they come from and lists every cut and why). Each file is
//! split into independent pieces at its marker lines: `-- liar: piece`
//! begins a piece; the text before the first marker and each section that
//! `-- liar: shared` begins run before every later piece of the file;
//! `-- liar: opening` and `-- liar: closing` wrap the pieces between them
//! in a block. A piece keeps its file's line numbers (every line it does
//! not run is blank), so an error names the file's own line. The files are
//! read when the tests run: a new file needs no change here.
//!
//! Every piece runs as the top-level code of a real bot, with generous
//! limits that are still metered, in thread isolation and in process
//! isolation; and, as the reference that proves the piece is itself valid
//! Lua 5.4, in a plain `mlua::Lua::new()` state of the same vendored Lua
//! (no hook, no wrappers). A failure names the piece (`pm.lua:22`) and
//! says what the sandbox (or Lua) answered; the other pieces still run.
//! `LIAR_TESTES=strings.lua` (any part of a piece's name) runs only the
//! pieces whose name contains it.

use liar::lua::{Bot, BotLimits, ProcessBot};
use liar::setup::{BotParams, Isolation};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// One piece: its name (`file.lua:LINE`, and its title if the marker has
/// one), its file (the chunk's name) and the bot's code that runs it.
struct Piece {
    name: String,
    file: String,
    code: Vec<u8>,
}

/// Where a piece runs.
#[derive(Clone, Copy, Debug)]
enum Run {
    /// A plain `mlua::Lua::new()` state: stock Lua 5.4.
    Reference,
    /// A bot in the engine's process.
    Thread,
    /// A bot in a child process of its own (`liar bot-host`).
    Process,
}

/// Generous limits, still metered: a piece is a bot's load, which gets one
/// call's instruction budget, processor time and memory.
fn limits() -> BotLimits {
    BotLimits {
        instructions: 2_000_000_000,
        wall_ms: 60_000,
        memory_mb: 512,
        log_lines: 0,
        ..BotLimits::default()
    }
}

const PIECE_MARK: &str = "-- liar: piece";
const SHARED_MARK: &str = "-- liar: shared";
const OPENING_MARK: &str = "-- liar: opening";
const CLOSING_MARK: &str = "-- liar: closing";
/// A cut is commented out between these two lines, after a line saying
/// `-- liar: removed, ` and why; no marker counts between them.
const REMOVED_OPEN: &str = "--[==[";
const REMOVED_CLOSE: &str = "--]==]";

/// The piece's text is a function, called by the bot's top-level code,
/// which then returns a bot that could play (it never does). The function
/// opens on the file's first line, so line numbers stay the file's.
const OPEN: &str = "local function liar_piece(...) ";
const CLOSE: &str = "\nend\nliar_piece()\nlocal function pass() end\n\
                     return { api_version = 1, challenge = pass, reroll = pass, claim = pass }\n";

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/lua-testes")
}

/// What a section of a file is.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    /// Runs before every later piece of its file.
    Shared,
    /// Shared text that opens a block (`do`) which a closing section ends.
    Opening,
    /// A piece.
    Piece,
    /// Ends the block that the last opening section before it opened: runs
    /// after every piece between the two.
    Closing,
}

/// Splits one file into its pieces (see the module's documentation). The
/// files are bytes, not all UTF-8 (strings.lua is in ISO Latin-1).
fn split(file: &str, text: &[u8]) -> Vec<Piece> {
    let lines: Vec<&[u8]> = text.split(|&b| b == b'\n').collect();
    // The sections in order: what each is, its first line and its title.
    let mut sections: Vec<(Kind, usize, String)> = vec![(Kind::Shared, 0, String::new())];
    // Inside the comment that holds a cut, no marker counts.
    let mut removed = false;
    for (i, line) in lines.iter().enumerate() {
        if *line == REMOVED_OPEN.as_bytes() || *line == REMOVED_CLOSE.as_bytes() {
            assert_eq!(
                removed,
                *line == REMOVED_CLOSE.as_bytes(),
                "{file}:{}: unbalanced removed block",
                i + 1
            );
            removed = !removed;
            continue;
        }
        if line.starts_with(b"-- liar: ") && removed {
            panic!("{file}:{}: a marker inside a removed block", i + 1);
        }
        if let Some(title) = line.strip_prefix(PIECE_MARK.as_bytes()) {
            let title = String::from_utf8_lossy(title).trim().to_string();
            sections.push((Kind::Piece, i, title));
        } else if line.starts_with(SHARED_MARK.as_bytes()) {
            sections.push((Kind::Shared, i, String::new()));
        } else if line.starts_with(OPENING_MARK.as_bytes()) {
            sections.push((Kind::Opening, i, String::new()));
        } else if line.starts_with(CLOSING_MARK.as_bytes()) {
            sections.push((Kind::Closing, i, String::new()));
        }
    }
    assert!(!removed, "{file}: a removed block is not closed");
    let end = |k: usize| sections.get(k + 1).map_or(lines.len(), |s| s.1);
    let mut pieces = Vec::new();
    for (k, (kind, start, title)) in sections.iter().enumerate() {
        if *kind != Kind::Piece {
            continue;
        }
        let mut code = OPEN.as_bytes().to_vec();
        // Shared text before the piece, the closing text of the blocks it
        // is in, and blank lines for everything else.
        let count = |kind: Kind| sections[..k].iter().filter(|s| s.0 == kind).count();
        let opened = count(Kind::Opening).saturating_sub(count(Kind::Closing));
        let closing = sections[k..]
            .iter()
            .enumerate()
            .filter(|(_, s)| s.0 == Kind::Closing)
            .map(|(i, _)| k + i)
            .take(opened)
            .collect::<Vec<_>>();
        for (j, (other, from, _)) in sections.iter().enumerate() {
            let kept = j == k
                || (j < k && matches!(other, Kind::Shared | Kind::Opening))
                || closing.contains(&j);
            for line in &lines[*from..end(j)] {
                if kept {
                    code.extend_from_slice(line);
                }
                code.push(b'\n');
            }
        }
        code.extend_from_slice(CLOSE.as_bytes());
        let line = start + 1;
        let name = if title.is_empty() {
            format!("{file}:{line}")
        } else {
            format!("{file}:{line} ({title})")
        };
        pieces.push(Piece {
            name,
            file: file.to_string(),
            code,
        });
    }
    pieces
}

/// Every piece of every file, in file order, as `LIAR_TESTES` selects.
fn pieces() -> Vec<Piece> {
    let mut files: Vec<String> = std::fs::read_dir(dir())
        .expect("tests/lua-testes exists")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|name| name.ends_with(".lua"))
        .collect();
    files.sort();
    let only = std::env::var("LIAR_TESTES").unwrap_or_default();
    let mut all = Vec::new();
    for file in files {
        let text = std::fs::read(dir().join(&file)).expect("a testes file reads");
        all.extend(split(&file, &text));
    }
    all.retain(|p| p.name.contains(&only));
    all
}

/// Runs one piece; `Err` holds what the sandbox (or Lua) said.
fn run(piece: &Piece, how: Run) -> Result<(), String> {
    let limits = limits();
    let params = BotParams::default();
    match how {
        Run::Reference => {
            // The tests print their progress: not here (a bot's print goes
            // to its log, which keeps no line at these limits).
            let lua = mlua::Lua::new();
            let quiet = lua
                .create_function(|_, _: mlua::MultiValue| Ok(()))
                .map_err(|e| e.to_string())?;
            lua.globals()
                .set("print", quiet)
                .map_err(|e| e.to_string())?;
            lua.load(&piece.code[..])
                .set_name(format!("@{}", piece.file))
                .exec()
                .map_err(|e| {
                    let e = e.to_string();
                    // mlua adds a traceback: the first line says it all.
                    e.lines().next().unwrap_or_default().to_string()
                })
        }
        Run::Thread => Bot::from_source(
            &piece.file,
            piece.code.clone(),
            &params,
            &limits,
            Isolation::Thread,
        )
        .map(drop)
        .map_err(|e| e.to_string()),
        Run::Process => ProcessBot::load(
            PathBuf::from(env!("CARGO_BIN_EXE_liar")),
            &piece.file,
            piece.code.clone(),
            &params,
            &limits,
        )
        .map(drop)
        .map_err(|e| e.to_string()),
    }
}

/// Runs every piece one way and fails naming each piece that failed.
fn run_all(how: Run) {
    let pieces = pieces();
    assert!(!pieces.is_empty(), "no piece of tests/lua-testes selected");
    let started = Instant::now();
    let failed: Vec<String> = pieces
        .iter()
        .filter_map(|p| run(p, how).err().map(|e| format!("{}: {e}", p.name)))
        .collect();
    eprintln!(
        "lua_testes ({how:?}): {} of {} pieces passed in {:.1} s",
        pieces.len() - failed.len(),
        pieces.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(
        failed.is_empty(),
        "{} of {} pieces of Lua's test suite failed ({how:?}):\n{}",
        failed.len(),
        pieces.len(),
        failed.join("\n")
    );
}

/// Each piece is valid Lua 5.4: it passes in a plain state.
#[test]
fn reference() {
    run_all(Run::Reference);
}

/// Each piece passes as a bot's top-level code in the engine's process.
#[test]
fn thread_isolation() {
    run_all(Run::Thread);
}

/// Each piece passes as a bot's top-level code in a process of its own.
#[test]
fn process_isolation() {
    run_all(Run::Process);
}

/// The runner can fail: a wrong assertion fails in every way of running,
/// and the failure names the piece and the line.
#[test]
fn a_wrong_assertion_fails() {
    let text = "local x = 1\n-- liar: piece wrong\nassert(x == 2, 'deliberately wrong')\n";
    let pieces = split("canary.lua", text.as_bytes());
    assert_eq!(pieces.len(), 1);
    assert_eq!(pieces[0].name, "canary.lua:2 (wrong)");
    for how in [Run::Reference, Run::Thread, Run::Process] {
        let err = run(&pieces[0], how).expect_err("a wrong assertion fails");
        assert!(
            err.contains("canary.lua:3: deliberately wrong"),
            "{how:?}: {err}"
        );
    }
}
