//! `liar serve`: the presets from the table files given (or the built-in
//! ones), bots made as `liar play` makes them, and the server until Ctrl-C.

use super::seats::table_seat;
use super::{Context, Failure};
use crate::cli::ServeArgs;
use crate::config::{SeatConfig, load_table};
use crate::human::Console;
use crate::i18n::ServeMsg;
use crate::server::presets::{self, Preset};
use crate::server::store::{FolderStore, Store, restore_lobby};
use crate::server::web::{OriginPolicy, WebOptions, serve};
use crate::server::{BotMaker, Lobby, LobbyOptions};
use crate::setup::Isolation;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// The folder the server keeps its data in: `--data`, else the data
/// folder's `server/` (`~/.local/share/liar/server`).
pub fn data_dir(args: &ServeArgs) -> Option<PathBuf> {
    args.data
        .clone()
        .or_else(|| super::recorded::data_folder().map(|d| d.join("server")))
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
        let filler = table.filler("bot".into());
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
    let origins = OriginPolicy::new(&args.allow_origin).map_err(Failure::Argument)?;
    let presets = load_presets(args)?;
    let bots = bot_maker(args.isolation);
    check_bots(&presets, &bots)?;
    let data = data_dir(args)
        .ok_or_else(|| Failure::Argument("no data folder: give --data DIR".into()))?;
    let opened = Store::open(&data).map_err(|e| Failure::File {
        action: "open the data folder",
        path: data.clone(),
        source: std::io::Error::other(e.to_string()),
    })?;
    let store = Arc::new(FolderStore::new(opened, presets.clone()));
    let lobby = Lobby::new(
        presets,
        store.clone(),
        bots,
        LobbyOptions {
            bot_delay: Duration::from_millis(args.bot_delay),
            max_tables: args.max_tables,
            max_tables_per_ip: args.max_tables_per_ip,
            table_idle: Duration::from_secs(args.table_idle),
        },
    );
    let restored = restore_lobby(&lobby, &store).map_err(|e| Failure::File {
        action: "restore from the data folder",
        path: data.clone(),
        source: std::io::Error::other(e.to_string()),
    })?;
    for note in &restored.notes {
        super::stdout::note(&format!("liar serve: data folder: {note}"));
    }
    if !ctx.quiet && restored.tables > 0 {
        super::stdout::note(&restored.summary());
    }
    let options = WebOptions {
        addr: args.addr,
        max_per_ip: args.max_per_ip,
        max_connections: args.max_connections,
        origins,
    };
    let quiet = ctx.quiet;
    let lang = ctx.lang(None);
    let presets = lobby.preset_names().join(", ");
    serve(lobby, options, |addr| {
        // Tests and scripts read this line for the port: always printed.
        let _ = super::stdout::print(
            "address",
            &format!("liar serve: listening on http://{addr}\n"),
        );
        if !quiet {
            let addr = addr.to_string();
            let msg = ServeMsg::Connect {
                addr: &addr,
                presets: &presets,
            };
            super::stdout::note(&msg.text(lang));
        }
    })
    .map_err(|source| Failure::File {
        action: "listen on",
        path: PathBuf::from(args.addr.to_string()),
        source,
    })?;
    if !quiet {
        super::stdout::note(&ServeMsg::Stopped.text(lang));
    }
    Ok(())
}
