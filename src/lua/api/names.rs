//! The words of the bot API: face letters, category names and hands as
//! text. Each comes from the rules (and the replay format): Lua code of the
//! host gets these lists from here and repeats none of them.

use crate::rules::{Category, Face, Hand};
use mlua::{Lua, LuaString};

/// Every category name, low to high ([`Category::ALL`] order).
pub(crate) fn category_names() -> impl Iterator<Item = &'static str> {
    Category::ALL.iter().map(|c| c.name())
}

/// The one-letter name of a face (`"Q"`).
pub(super) fn face_name(f: Face) -> [u8; 1] {
    [f.letter() as u8]
}

/// Every face's name, low to high.
pub(super) fn face_names() -> impl Iterator<Item = String> {
    Face::ALL.iter().map(|f| f.letter().to_string())
}

/// A hand in canonical notation, as a Lua string (`"QQQ99"`).
pub(crate) fn hand_text(lua: &Lua, hand: Hand) -> mlua::Result<LuaString> {
    let mut buf = [0u8; 5];
    for (b, f) in buf.iter_mut().zip(hand.faces()) {
        *b = f.letter() as u8;
    }
    lua.create_string(buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn category_names_are_the_replays() {
        assert_eq!(Category::Bust.name(), "bust");
        assert_eq!(Category::OnePair.name(), "one-pair");
        assert_eq!(Category::ThreeOfAKind.name(), "three-of-a-kind");
        assert_eq!(Category::FiveOfAKind.name(), "five-of-a-kind");
        for (i, c) in Category::ALL.iter().enumerate() {
            assert_eq!(*c as usize, i, "Category::ALL is in declaration order");
        }
    }
}
