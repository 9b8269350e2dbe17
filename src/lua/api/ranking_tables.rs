//! The tables `api.lua` answers from: for each ranking, built once per
//! process, every hand's strength and category and the fresh-throw chances.

use crate::rules::{HAND_COUNT, Hand, Ranking};
use mlua::Function;
use std::sync::OnceLock;

/// What `api.lua` needs to know of a ranking.
struct RankingData {
    /// A byte per hand ([`Hand::index`] order): its strength, from 0.
    strengths: Vec<u8>,
    /// The hand indices, weakest first.
    ascending: Vec<u8>,
    /// A byte per hand: its category's index in `Category::ALL`.
    categories: Vec<u8>,
    /// By strength: the chance a fresh throw reaches it.
    fresh: Vec<f64>,
}

fn ranking_data(r: Ranking) -> &'static RankingData {
    static DATA: [OnceLock<RankingData>; 6] = [const { OnceLock::new() }; 6];
    let i = Ranking::all().position(|x| x == r).unwrap_or(0);
    DATA[i].get_or_init(|| RankingData {
        strengths: Hand::all().map(|h| r.strength(h)).collect(),
        ascending: r.ascending().iter().map(|h| h.index() as u8).collect(),
        categories: Hand::all().map(|h| r.category(h) as u8).collect(),
        fresh: (0..r.strength_count())
            .map(|s| {
                r.lowest_of_strength(s as u8)
                    .map_or(0.0, |h| r.chance_at_least(h))
            })
            .collect(),
    })
}

/// Installs the tables of ranking `r` with the function `api.lua` returned.
pub(crate) fn set_ranking(set: &Function, r: Ranking) -> mlua::Result<()> {
    let d = ranking_data(r);
    let lua = set
        .weak_lua()
        .try_upgrade()
        .ok_or(mlua::Error::UserDataDestructed)?;
    set.call::<()>((
        lua.create_string(&d.strengths)?,
        lua.create_string(&d.ascending)?,
        lua.create_string(&d.categories)?,
        lua.create_sequence_from(d.fresh.iter().copied())?,
        lua.create_table_with_capacity(0, HAND_COUNT)?,
        lua.create_table_with_capacity(0, HAND_COUNT)?,
        lua.create_table_with_capacity(HAND_COUNT, 0)?,
    ))
}
