/*
** liar's additions to Lua 5.4.9 (see README.md beside lua-5.4.9).
**
** Some single VM instructions do work that grows with the size of what they
** touch: a table lookup walks a chain of colliding keys, 'next' skips the
** empty slots of a table, a call moves all its results, '==' compares two
** long strings byte by byte. The count hook sees one instruction either
** way. These places report the work they did to 'liar_work_hook', which
** the host sets to charge it to the bot call that runs, so that a bot's
** budget, not the wall clock, stops a bot that builds such shapes on
** purpose. Work of up to LIAR_FREE_WORK steps is an instruction's ordinary
** cost and is not reported: ordinary code never reaches it, and it costs
** the hot paths nothing but a comparison.
*/

#ifndef lliar_h
#define lliar_h

#include <stddef.h>

#include "lua.h"

/* One step is about one VM instruction's time. NULL: nothing is charged. */
extern void (*liar_work_hook) (size_t steps);

#define LIAR_FREE_WORK	16

/* Reports 'steps' steps of work, if they are more than LIAR_FREE_WORK. */
#define liar_work(steps) \
  do { size_t liar_steps_ = (size_t)(steps); \
    if (l_unlikely(liar_steps_ > LIAR_FREE_WORK) && liar_work_hook != NULL) \
      liar_work_hook(liar_steps_); } while (0)

/* How many units of each kind of work make one step (measured: a chain
** node costs about one instruction, an empty slot or a value moved about a
** quarter, a byte compared about 1/120). */
#define LIAR_SLOTS_PER_STEP	4
#define LIAR_VALUES_PER_STEP	4
#define LIAR_BYTES_PER_STEP	64

/* Steps per hash node for a table resize, which counts, moves and
** reinserts every node (measured: about 6 instructions' time per node of
** the old part plus the new part; charged a little under that, as growth
** is otherwise amortized). */
#define LIAR_STEPS_PER_NODE	4

/*
** Strings hash with a fixed seed instead of one drawn from the clock and
** from addresses, so that 'pairs' visits string keys in the same order in
** every run: bots must play the same way from the same seed. Crafted
** collisions cost nothing extra for it, since chain walks are charged.
*/
#define luai_makeseed(L)	0x5ee4c0deu

/* The host's own Lua chunks are named so (src/lua/hook.rs, INTERNAL_CHUNK):
** 'luaL_where' and 'luaL_argerror' (lauxlib.c) look past their functions to
** the bot's code that called them. */
#define LIAR_HOST_SOURCE	"=liar "

/* A C function for the host's Lua wrappers: 'hold_yields(true)' makes the
** running thread unable to yield (as Lua's C library calls Lua code, with
** 'lua_call'), 'hold_yields(false)' undoes it. With a second argument
** true, it also counts one C call, for a call the wrapper makes as a plain
** Lua call (a metamethod the VM calls is counted already), so that "C
** stack overflow" comes at the same depth as in Lua. The host's wrappers call a
** bot's metamethods where the C function they stand for would; an error
** in between is undone by the protected call that catches it, which
** restores the count (ldo.c, 'luaD_rawrunprotected'). */
LUA_API int liar_hold_yields (lua_State *L);

/* 'pcall' for the host's Rust functions that call the bot's code (a 'gsub'
** callback), where Lua's C function calls it directly: lauxlib.c does not
** count its frame as a level, so levels and locations are as in Lua. */
LUA_API int liar_pcall (lua_State *L);

/* Sets the stack and the spare call frames of 'L' to sizes that depend only
** on what is in use now (ldo.c): the host calls it between matches. */
LUA_API void liar_trim_thread (lua_State *L);

#endif
