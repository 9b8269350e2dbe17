//! `liar tournament` (being wired).

use super::{Context, Failure};
use crate::cli::TournamentArgs;

pub fn run(_args: &TournamentArgs, _ctx: &Context) -> Result<(), Failure> {
    Err(Failure::Runtime("tournaments are being wired in".into()))
}
