//! Rebuilds the crate, and with it every build script that compiles Lua
//! through it (mlua-sys), when a file of the patched Lua sources changes:
//! without this, cargo would watch only `src/lib.rs`.

fn main() {
    println!("cargo:rerun-if-changed=lua-5.4.9");
}
