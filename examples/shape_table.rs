//! Fits the table `table_hunter` answers by (`SHAPES` in
//! `bots/arena/cat_hunter.lua`): how often one player's raises of each
//! shape were true in a set of replays
//! ([`liar::replay::count_raise_shapes_in_files`]). A bot's author can use
//! it to find the raises that give his bot away.
//!
//! ```sh
//! liar tournament T.toml --replay-dir R --replays all
//! cargo run --release --example shape_table -- expert R/*.jsonl > shapes.lua
//! ```
//!
//! Standard output is the Lua table ([`liar::replay::shape_table_lua`]);
//! standard error lists every shape with its counts, most frequent first.

use std::process::ExitCode;

use liar::replay::{count_raise_shapes_in_files, shape_table_lua};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((name, paths)) = args.split_first().filter(|(_, p)| !p.is_empty()) else {
        eprintln!("usage: shape_table NAME REPLAY.jsonl...");
        return ExitCode::from(2);
    };
    let counts = match count_raise_shapes_in_files(paths, name) {
        Ok(counts) => counts,
        Err(e) => {
            eprintln!("shape_table: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut by_count: Vec<_> = counts.iter().collect();
    by_count.sort_by_key(|(_, c)| std::cmp::Reverse(c.raises));
    for (shape, c) in by_count {
        eprintln!("{shape}\t{} of {} true", c.true_raises, c.raises);
    }
    print!("{}", shape_table_lua(&counts));
    ExitCode::SUCCESS
}
