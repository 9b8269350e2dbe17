-- trapper.lua (arena): slow-plays strong hands and punishes doubters.
--
-- With a strong hand (three of a kind or better) it claims far less than
-- it holds, so the next player can raise truthfully only by keeping its
-- dice; with a weak hand it tells the truth or lies by one step. It
-- challenges any claim that is more than two steps above what the
-- claimer's kept dice make likely, and believes the rest. Attacks a bot
-- whose belief ties a claim to the claimer's exact hand.

local bot = { api_version = 1, name = "trapper" }

local function claim_before(view)
  local last, before = nil, nil
  for _, a in ipairs(view.history) do
    if a.action == "claim" then
      before, last = last, a.claim
    end
  end
  return before
end

local STRONG = { ["three-of-a-kind"] = true, ["low-straight"] = true, ["high-straight"] = true,
  ["full-house"] = true, ["four-of-a-kind"] = true, ["five-of-a-kind"] = true }

function bot.challenge(view)
  if liar.is_top(view.claim) then
    return true
  end
  local p
  if view.rerolled == nil then
    p = liar.chance("", view.claim)
  else
    local before = claim_before(view)
    local kept = before and before:sub(1, 5 - view.rerolled) or ""
    p = liar.chance(kept, view.claim)
  end
  return p < 0.3
end

function bot.reroll(view)
  if liar.beats(view.hand, view.claim) then
    return {}
  end
  return (liar.best_reroll(view.dice, liar.lowest_above(view.claim)))
end

function bot.claim(view)
  if liar.beats(view.hand, view.claim) then
    if STRONG[liar.category(view.hand)] then
      -- Slow-play: a claim between the one to beat and the real hand.
      local low = liar.lowest_above(view.claim)
      local between = liar.count_above(low) - liar.count_above(view.hand)
      if between > 1 then
        return liar.nth_above(view.claim, 1 + liar.random(0, between // 3))
      end
    end
    return view.hand
  end
  return liar.lowest_above(view.claim)
end

return bot
