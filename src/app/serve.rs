//! `liar serve`: the presets from the table files given (or the built-in
//! ones), bots made as `liar play` makes them, and the server until Ctrl-C.

use super::seats::table_seat;
use super::{Context, Failure};
use crate::cli::ServeArgs;
use crate::config::{SeatConfig, load_table};
use crate::human::Console;
use crate::server::presets::{self, Preset};
use crate::server::web::{WebOptions, serve};
use crate::server::{BotMaker, Lobby, LobbyOptions, LobbyStore, NoStore};
use crate::setup::Isolation;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// The folder the server keeps its data in: `--data`, else the data
/// folder's `server/` (`~/.local/share/liar/server`).
pub fn data_dir(args: &ServeArgs) -> Option<PathBuf> {
    args.data.clone().or_else(|| {
        directories::ProjectDirs::from("", "", "liar").map(|d| d.data_dir().join("server"))
    })
}

/// The presets: one per table file, or the built-in ones.
fn load_presets(args: &ServeArgs) -> Result<Vec<Preset>, Failure> {
    if args.tables.is_empty() {
        return presets::builtin().map_err(Failure::BuiltInTable);
    }
    let mut out: Vec<Preset> = Vec::new();
    for path in &args.tables {
        let table = load_table(path)?;
        let preset = presets::from_file(path, table, &out);
        out.push(preset);
    }
    Ok(out)
}

/// Makes bots as `liar play` does (the table's seats, `--isolation`).
fn bot_maker(isolation: Option<Isolation>) -> BotMaker {
    Arc::new(move |seat: usize, config: &SeatConfig| {
        // Only bot seats come here: the console is never asked anything.
        let console = Console::stdio(false).shared();
        let lang = crate::i18n::Lang::En;
        table_seat(seat, config, "table", &console, lang, isolation)
            .map(|s| (s.info, s.player))
            .map_err(|f| f.to_string())
    })
}

/// Every bot a preset may need loads (its seats' and its `[online] bot`),
/// so that a table never fails at its start.
fn check_bots(presets: &[Preset], bots: &BotMaker) -> Result<(), Failure> {
    for preset in presets {
        let table = &preset.table;
        let filler = SeatConfig {
            name: "bot".into(),
            bot: Some(table.online.bot.clone()),
            limits: table.limits,
        };
        let seats = table.seats.iter().filter(|s| s.bot.is_some());
        for (seat, config) in seats.chain(std::iter::once(&filler)).enumerate() {
            bots(seat, config).map_err(|why| {
                Failure::Argument(format!("preset {}: {}: {why}", preset.name, config.name))
            })?;
        }
    }
    Ok(())
}

/// `liar serve`.
pub fn run(args: &ServeArgs, ctx: &Context) -> Result<(), Failure> {
    let presets = load_presets(args)?;
    let bots = bot_maker(args.isolation);
    check_bots(&presets, &bots)?;
    let _data = data_dir(args);
    let store: Arc<dyn LobbyStore> = Arc::new(NoStore);
    let lobby = Lobby::new(
        presets,
        store,
        bots,
        LobbyOptions {
            bot_delay: Duration::from_millis(args.bot_delay),
            max_tables: args.max_tables,
        },
    );
    let options = WebOptions {
        addr: args.addr,
        max_per_ip: args.max_per_ip,
    };
    let quiet = ctx.quiet;
    serve(lobby, options, |addr| {
        // Tests and scripts read this line for the port: always printed.
        let _ = super::stdout::print(
            "address",
            &format!("liar serve: listening on http://{addr}\n"),
        );
        if !quiet {
            super::stdout::note(&format!(
                "liar serve: clients connect to ws://{addr}/ws; Ctrl-C stops"
            ));
        }
    })
    .map_err(|source| Failure::File {
        action: "listen on",
        path: PathBuf::from(args.addr.to_string()),
        source,
    })
}
