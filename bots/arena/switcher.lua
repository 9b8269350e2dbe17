-- switcher.lua (arena): earns trust, then spends it.
--
-- For its first four claims of a game it is an honest under-claimer: true
-- openings below its hand, and after accepting it keeps a hand that
-- already beats the claim and raises by the smallest step. Then it
-- switches: it keeps all five dice whatever they show and raises by the
-- smallest step, so most of those raises are lies. Attacks a bot that
-- learns "this player's keep-all raises are true" and trusts it too long.

local bot = { api_version = 1, name = "switcher" }

local claims = 0
local game = nil

local function honest_phase()
  return claims < 4
end

local function claim_before(view)
  local last, before = nil, nil
  for _, a in ipairs(view.history) do
    if a.action == "claim" then
      before, last = last, a.claim
    end
  end
  return before
end

function bot.challenge(view)
  if liar.is_top(view.claim) then
    return true
  end
  if view.rerolled == nil then
    return liar.chance("", view.claim) < 0.15
  end
  local before = claim_before(view)
  local kept = before and before:sub(1, 5 - view.rerolled) or ""
  return liar.chance(kept, view.claim) < 0.25
end

function bot.reroll(view)
  local target = liar.lowest_above(view.claim)
  if not honest_phase() then
    return {}
  end
  if liar.beats(view.hand, view.claim) and (target == nil or not liar.beats(target, view.hand)) then
    return {}
  end
  return (liar.best_reroll(view.dice, target))
end

function bot.claim(view)
  if view.game ~= game then
    game, claims = view.game, 0
  end
  claims = claims + 1
  if view.claim == nil then
    if claims <= 4 then
      local cat = liar.category(view.hand)
      local h = liar.lowest_above(nil)
      while liar.category(h) ~= cat do
        h = liar.lowest_above(h)
      end
      return h
    end
    return view.hand
  end
  return liar.lowest_above(view.claim)
end

return bot
