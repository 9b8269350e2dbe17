//! `liar check-bot` and `liar new-bot`: tools for bot authors.

use super::Failure;
use super::seed::MasterSeed;
use crate::cli::{CheckBotArgs, NewBotArgs};
use crate::lua::{CheckOptions, check_bot, new_bot_template};
use std::io::Write;
use std::path::PathBuf;

/// Plays the bot against the bundled bots and prints the report; fails
/// (exit 1) if the bot failed to load or was penalised.
pub fn check(args: &CheckBotArgs) -> Result<(), Failure> {
    let seed = MasterSeed::choose(args.seed)?;
    let options = CheckOptions {
        games: args.games.max(1),
        isolation: args.isolation,
        seed: seed.value,
        ..CheckOptions::default()
    };
    let report = check_bot(&args.file, &options);
    print!("{report}");
    println!(
        "seed {} ({}; --seed {} repeats this check)",
        seed.value,
        if seed.drawn {
            "drawn at random"
        } else {
            "given"
        },
        seed.value
    );
    if report.passed() {
        Ok(())
    } else {
        Err(Failure::CheckFailed(args.file.clone()))
    }
}

/// Writes the template to NAME.lua (or --output), refusing to overwrite
/// without --force.
pub fn new(args: &NewBotArgs) -> Result<(), Failure> {
    let text = new_bot_template(&args.name);
    let path = args.output.clone().unwrap_or_else(|| {
        let stem: String = args
            .name
            .chars()
            .map(|c| {
                if c.is_alphanumeric() || c == '-' || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        PathBuf::from(format!(
            "{}.lua",
            if stem.is_empty() { "bot" } else { &stem }
        ))
    });
    if path.as_os_str() == "-" {
        let mut out = std::io::stdout();
        return out
            .write_all(text.as_bytes())
            .map_err(|source| Failure::Stdout {
                what: "template",
                source,
            });
    }
    if path.exists() && !args.force {
        return Err(Failure::WouldOverwrite(path));
    }
    std::fs::write(&path, text).map_err(|source| Failure::File {
        action: "write",
        path: path.clone(),
        source,
    })?;
    println!(
        "wrote {} — try it with: liar check-bot {}",
        path.display(),
        path.display()
    );
    Ok(())
}
