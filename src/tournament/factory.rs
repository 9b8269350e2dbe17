//! Where a tournament's players come from: the app implements
//! [`PlayerFactory`] (Lua bots), tests and benchmarks use [`NativeFactory`].

use crate::engine::{NativePlayer, Player, Policy};

/// Makes the players of a tournament's bots. Each worker thread makes one
/// player per bot it needs, once, and reuses it for all its games.
///
/// A reused player must play every game as a fresh one would: every game is
/// a match of its own (`begin_match` is called before each, with the seat of
/// that game), and a player must not carry what it learnt into the next
/// match. Otherwise results would depend on which worker played which games,
/// and so on the number of threads.
///
/// ```
/// use liar::engine::{NativePlayer, Policy};
/// use liar::tournament::PlayerFactory;
/// struct AllHonest;
/// impl PlayerFactory for AllHonest {
///     type Player = NativePlayer;
///     fn make(&self, _bot: usize) -> Result<NativePlayer, String> {
///         Ok(NativePlayer::new(Policy::Honest))
///     }
/// }
/// assert!(AllHonest.make(0).is_ok());
/// ```
pub trait PlayerFactory: Sync {
    /// The players made.
    type Player: Player;

    /// A new player for bot `bot` (an index into the spec's bots), or why
    /// it cannot be made (a script that does not load, for example).
    fn make(&self, bot: usize) -> Result<Self::Player, String>;
}

/// Players of built-in policies, one policy per bot.
///
/// ```
/// use liar::tournament::{NativeFactory, PlayerFactory};
/// let factory = NativeFactory::named(&["random", "honest"]).unwrap();
/// assert!(factory.make(1).is_ok());
/// assert!(factory.make(2).is_err());
/// ```
#[derive(Clone, Debug)]
pub struct NativeFactory {
    /// The policy of each bot.
    pub policies: Vec<Policy>,
}

impl NativeFactory {
    /// Policies by name, or the first unknown name.
    pub fn named(names: &[&str]) -> Result<NativeFactory, String> {
        let policies = names
            .iter()
            .map(|n| Policy::named(n).ok_or_else(|| format!("no built-in policy {n:?}")))
            .collect::<Result<_, _>>()?;
        Ok(NativeFactory { policies })
    }
}

impl PlayerFactory for NativeFactory {
    type Player = NativePlayer;

    fn make(&self, bot: usize) -> Result<NativePlayer, String> {
        self.policies
            .get(bot)
            .map(|&p| NativePlayer::new(p))
            .ok_or_else(|| format!("no bot number {bot}"))
    }
}
