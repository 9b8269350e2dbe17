/*
** liar's additions to Lua 5.4.9: the hook that charges size-dependent
** work (see lliar.h).
*/

#define LUA_CORE

#include "lprefix.h"

#include "lliar.h"

void (*liar_work_hook) (size_t steps) = NULL;
