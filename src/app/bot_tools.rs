//! `liar check-bot` and `liar new-bot`: tools for bot authors.

use super::seed::MasterSeed;
use super::stdout::print;
use super::{Context, Failure};
use crate::cli::{CheckBotArgs, NewBotArgs};
use crate::i18n::{AppMsg, Lang};
use crate::lua::{CheckOptions, check_bot, new_bot_template};
use crate::setup::{BotParams, ParamValue};
use std::path::{Path, PathBuf};

/// Plays the bot against the bundled bots and prints the report; fails
/// (exit 1) if the bot failed to load or was penalised.
pub fn check(args: &CheckBotArgs, ctx: &Context) -> Result<(), Failure> {
    let lang = ctx.lang(None);
    let seed = MasterSeed::choose(args.seed)?;
    let options = CheckOptions {
        games: args.games,
        isolation: args.isolation,
        seed: seed.value,
        params: flag_params(&args.params, lang)?,
        ..CheckOptions::default()
    };
    let report = check_bot(&args.file, &options);
    let line = AppMsg::CheckSeed {
        seed: seed.value,
        drawn: seed.drawn,
    };
    let text = super::check_report::report_text(&report, lang);
    print("report", &format!("{text}{}\n", line.text(lang)))?;
    if report.passed() {
        Ok(())
    } else {
        Err(Failure::CheckFailed(args.file.clone()))
    }
}

/// Writes the template to NAME.lua (or --output), refusing to overwrite
/// without --force. A NAME that is already a file name (`mybot.lua`,
/// `bots/mybot.lua`) is that file, and the bot is named after its stem.
pub fn new(args: &NewBotArgs, ctx: &Context) -> Result<(), Failure> {
    let as_file = Path::new(&args.name);
    let given_file = as_file
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("lua"))
        .then(|| {
            as_file
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
        })
        .flatten();
    let name = given_file.clone().unwrap_or_else(|| args.name.clone());
    let text = new_bot_template(&name);
    let path = args.output.clone().unwrap_or_else(|| {
        if given_file.is_some() {
            return as_file.to_path_buf();
        }
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
        return print("template", &text);
    }
    if path.exists() && !args.force {
        return Err(Failure::WouldOverwrite(path));
    }
    std::fs::write(&path, text).map_err(|source| Failure::File {
        action: "write",
        path: path.clone(),
        source,
    })?;
    let shown = path.display().to_string();
    let done = AppMsg::TemplateWritten { path: &shown };
    print("message", &format!("{}\n", done.text(ctx.lang(None))))
}

/// The bot's parameters from `--param NAME=VALUE` flags.
fn flag_params(flags: &[String], lang: Lang) -> Result<BotParams, Failure> {
    let mut params = BotParams::default();
    for flag in flags {
        let Some((name, value)) = flag.split_once('=') else {
            return Err(Failure::Argument(format!(
                "--param {flag}: expected NAME=VALUE"
            )));
        };
        params
            .insert(name, ParamValue::from_flag(value))
            .map_err(|problem| {
                Failure::Argument(format!("--param {flag}: {}", problem.text(lang)))
            })?;
    }
    Ok(params)
}
