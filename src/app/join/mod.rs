//! `liar join URL`: plays a seat at a `liar serve` table from this
//! terminal, with the same questions, answers, languages and help as
//! `liar play` (docs/online.md, "The terminal client: liar join").
//!
//! - [`address`]: the forms of server address people paste.
//! - [`tokens`]: the seats held, saved so a second run comes back to them.
//! - [`link`]: the connection on a thread of its own, reconnecting.
//! - [`session`]: what every stage shares; [`lobby`]: choosing a table and
//!   a seat; [`table`]: the waiting room and the match.
//! - [`fetch`]: the replay downloaded at the end, for the summary.

mod address;
mod fetch;
mod link;
mod lobby;
mod session;
mod table;
mod tokens;

use super::interrupt::{speak, stop_flag};
use super::{Context, Failure};
use crate::cli::JoinArgs;
use crate::human::{Console, Style, should_color};
use crate::i18n::{JoinMsg, Lang};
use crate::online::{ClientError, PROTOCOL_VERSION};
use address::{Address, BadAddress};
use link::{Link, Refused};
use session::Session;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// `liar join`.
pub fn run(args: &JoinArgs, ctx: &Context) -> Result<(), Failure> {
    let lang = ctx.lang(None);
    let address = Address::parse(&args.url).map_err(|e| {
        let text = match e {
            BadAddress::Tls => JoinMsg::Tls { url: &args.url },
            BadAddress::Unreadable => JoinMsg::BadUrl { text: &args.url },
        };
        Failure::Argument(text.text(lang))
    })?;
    let table = args.table.or(address.table);
    let seat = match args.seat {
        Some(n) => Some(
            usize::try_from(n)
                .ok()
                .and_then(|n| n.checked_sub(1))
                .ok_or_else(|| Failure::Argument(JoinMsg::SeatFromOne.text(lang)))?,
        ),
        None => address
            .seat
            .filter(|_| args.table.is_none_or(|t| address.table == Some(t))),
    };
    speak(lang);
    let stop = stop_flag();
    let withdraw = Arc::new(AtomicBool::new(false));
    let console = Console::stdio(should_color())
        .with_stop(stop.clone())
        .with_withdraw(withdraw.clone())
        .shared();
    let url = address.ws_url();
    let say = |style: Style, msg: JoinMsg<'_>| {
        let mut console = console.borrow_mut();
        console.line(style, &msg.text(lang));
        console.flush();
    };
    say(Style::Hint, JoinMsg::Connecting { url: &url });
    let (connection, server, presets) = link::connect(&url).map_err(|e| refused(&e, &url, lang))?;
    say(Style::Hint, JoinMsg::Connected { server: &server });
    let link = Link::spawn(connection, url, withdraw.clone());
    let mut session = Session::new(console, lang, address, link, stop, withdraw, presets);
    session.lang_chosen = ctx.lang.is_some();
    let result = if args.spectate {
        session
            .spectate(table)
            .and_then(|id| table::play(&mut session, id, None))
    } else {
        let held = match session.resume_saved(table, seat, args.name.as_deref())? {
            Some(held) => held,
            None => session.sit(table, seat, args.name.clone())?,
        };
        table::play(&mut session, held.0, Some(held.1))
    };
    session.link.close();
    result
}

/// Why connecting failed, in `lang`.
fn refused(e: &Refused, url: &str, lang: Lang) -> Failure {
    let text = match e {
        Refused::Version(theirs) => JoinMsg::Version {
            ours: PROTOCOL_VERSION,
            theirs: *theirs,
        }
        .text(lang),
        Refused::NoWelcome => JoinMsg::NoWelcome { url }.text(lang),
        Refused::Connect(ClientError::Closed) => JoinMsg::CannotConnect {
            url,
            reason: &JoinMsg::Closed.text(lang),
        }
        .text(lang),
        Refused::Connect(ClientError::TimedOut) => JoinMsg::CannotConnect {
            url,
            reason: &JoinMsg::Silent.text(lang),
        }
        .text(lang),
        Refused::Connect(ClientError::Garbled(_)) => JoinMsg::NoWelcome { url }.text(lang),
        Refused::Connect(ClientError::Socket(e)) => JoinMsg::CannotConnect {
            url,
            reason: &e.to_string(),
        }
        .text(lang),
    };
    Failure::Online(text)
}
