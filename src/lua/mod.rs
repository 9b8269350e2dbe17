//! Lua bots (being written).
