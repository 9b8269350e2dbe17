/*
** liar's additions to Lua 5.4.9: the hook that charges size-dependent
** work, 'liar_hold_yields' and 'liar_pcall' (see lliar.h).
*/

#define LUA_CORE

#include "lprefix.h"

#include "lua.h"

#include "lliar.h"
#include "lstate.h"

void (*liar_work_hook) (size_t steps) = NULL;


LUA_API int liar_hold_yields (lua_State *L) {
  l_uint32 inc = lua_toboolean(L, 2) ? nyci : 0x10000;  /* a C call, too? */
  if (lua_toboolean(L, 1)) {  /* as 'ccall' enters 'luaD_callnoyield' */
    L->nCcalls += inc;
    if (l_unlikely(getCcalls(L) >= LUAI_MAXCCALLS))
      luaE_checkcstack(L);
  }
  else if (!yieldable(L))
    L->nCcalls -= inc;
  return 0;
}


LUA_API int liar_pcall (lua_State *L) {
  int status = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
  lua_pushboolean(L, status == LUA_OK);
  lua_insert(L, 1);
  return lua_gettop(L);
}
