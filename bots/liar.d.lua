---@meta
-- Type descriptions of the Liar Dice bot API (contract version 1), for the
-- Lua language server (LuaLS). Add this folder to "Lua.workspace.library"
-- to get completion and type checks in bot files. The engine never runs
-- this file. The full reference is README.md beside it.

---A face, lowest to highest: "9" "T" "J" "Q" "K" "A".
---@alias LiarFace "9"|"T"|"J"|"Q"|"K"|"A"

---A hand in canonical notation, e.g. "QQQ99", "KK99A", "AKQJT".
---@alias LiarHandText string

---Anything the engine reads as a hand: a claim in any notation ("QQQ99",
---"KKK", "55522", "full house queens over nines", "каре королей") or a list
---of five faces.
---@alias LiarHandLike string|LiarFace[]

---@alias LiarCategory
---| "bust"
---| "one-pair"
---| "two-pairs"
---| "three-of-a-kind"
---| "low-straight"
---| "high-straight"
---| "full-house"
---| "four-of-a-kind"
---| "five-of-a-kind"

---@alias LiarDecisionKind "challenge"|"reroll"|"claim"

---The rules of the table.
---@class LiarRules
---@field dice "poker"|"standard" Labels of the dice (the faces in the API are always 9 T J Q K A).
---@field chips integer Chips each player starts each game with.
---@field straights "below-full-house"|"above-full-house"|"none" Where straights rank.
---@field kickers boolean Whether odd dice break ties (a tie counts for the claimer).
---@field next_round_starter "challenger"|"loser"|"left-of-challenger" Who opens the round after a challenge.
---@field seating "throw"|"listed" How the turn order was set.
---@field min_players integer
---@field max_players integer

---One public action of the current round.
---@class LiarAction
---@field action "claim"|"accept"|"reroll"
---@field seat integer Who acted (seats count from 1).
---@field claim? LiarHandText The hand claimed (action "claim").
---@field count? integer How many dice were thrown again (action "reroll").

---What your seat may know when it decides. Treat it as read-only.
---@class LiarView
---@field decision LiarDecisionKind Which function is being called.
---@field seat integer Your seat (seats count from 1).
---@field seats integer How many seats the table has.
---@field names string[] Every seat's name, by seat.
---@field rules LiarRules The table's rules.
---@field game integer The game number in the match, from 1.
---@field round integer The round number in the game, from 1.
---@field chips integer[] Chips by seat (0: out of this game).
---@field pot integer Chips in the pot.
---@field order integer[] Turn order of the seats dealt into this game.
---@field claim? LiarHandText The claim standing; nil when you open the round.
---@field claimer? integer Who made `claim`.
---@field rerolled? integer How many dice the claimer threw again; nil if he opened the round.
---@field history LiarAction[] This round's public actions, oldest first.
---@field dice? LiarFace[] Your five dice in position order (reroll and claim only).
---@field hand? LiarHandText The hand of `dice` (reroll and claim only).

---A public event, as `observe` receives it.
---@class LiarEvent
---@field type "seating"|"game_start"|"round_start"|"claim"|"accept"|"reroll"|"challenge"|"penalty"|"eliminated"|"game_end"
---@field seat? integer Who acted (claim, accept, reroll, challenge, penalty, eliminated).
---@field game? integer (game_start, round_start, game_end)
---@field round? integer (round_start)
---@field first? integer Who opens the game (game_start).
---@field starter? integer Who threw (round_start).
---@field order? integer[] The turn order (seating).
---@field claim? LiarHandText The claim (claim, challenge).
---@field count? integer Dice thrown again (reroll).
---@field claimer? integer Who made the challenged claim (challenge).
---@field dice? LiarFace[] The dice shown (challenge).
---@field hand? LiarHandText The hand shown (challenge).
---@field category? LiarCategory Category of the hand shown (challenge).
---@field claim_true? boolean Whether the hand shown was at least the claim (challenge).
---@field loser? integer Who paid a chip (challenge).
---@field winner? integer Who won the game (game_end).
---@field chips? integer[] Chips by seat after paying (game_start, challenge, penalty).
---@field pot? integer The pot (challenge, penalty, game_end).
---@field reason? "timeout"|"error"|"illegal"|"budget"|"memory" Why (penalty).
---@field action? "forfeit"|"fallback"|"disqualified" What the engine did (penalty).

---The table a bot file returns.
---@class LiarBot
---@field api_version integer Must be 1.
---@field name? string How tables and replays name the bot.
local LiarBot = {}

---The player before you claimed `view.claim`: true challenges it, false
---accepts it (you then take the dice). The top hand must be challenged.
---@param view LiarView
---@return boolean
function LiarBot.challenge(view) end

---You accepted and hold `view.dice`: the positions (1-5) of the dice to
---throw again; {} keeps all five.
---@param view LiarView
---@return integer[]
function LiarBot.reroll(view) end

---Your claim: any hand when `view.claim` is nil, otherwise a hand strictly
---higher than `view.claim`. Any notation, or a list of five faces.
---@param view LiarView
---@return LiarHandLike
function LiarBot.claim(view) end

---Optional: every public event of the match.
---@param event LiarEvent
function LiarBot.observe(event) end

---Helpers for bots. Hands may be given in any notation; nil stands for "no
---claim yet", below every hand. All comparisons use the table's ranking.
---@class liarlib
---@field api_version integer The contract version this engine speaks (1).
---@field faces LiarFace[] The faces, low to high.
liar = {}

---The hand of five dice.
---@param dice LiarHandLike
---@return LiarHandText
function liar.hand(dice) end

---The hand a claim stands for, or nil and a message.
---@param text string
---@return LiarHandText|nil hand
---@return string|nil message
function liar.parse(text) end

---A hand in words.
---@param hand LiarHandLike
---@param lang? "en"|"ru" Default "en".
---@return string
function liar.describe(hand, lang) end

---The category of a hand on this table.
---@param hand LiarHandLike
---@return LiarCategory
function liar.category(hand) end

---The categories of this table, low to high.
---@return LiarCategory[]
function liar.categories() end

---The rank of a hand, 1 for the weakest; equal ranks tie.
---@param hand LiarHandLike
---@return integer
function liar.strength(hand) end

---Compares two hands: -1, 0 or 1.
---@param a LiarHandLike|nil
---@param b LiarHandLike|nil
---@return -1|0|1
function liar.compare(a, b) end

---Whether `a` is strictly higher than `b` (every hand beats nil).
---@param a LiarHandLike|nil
---@param b LiarHandLike|nil
---@return boolean
function liar.beats(a, b) end

---Whether nothing is higher than `hand`.
---@param hand LiarHandLike
---@return boolean
function liar.is_top(hand) end

---The lowest legal claim above `hand` (the lowest hand for nil), or nil.
---@param hand LiarHandLike|nil
---@return LiarHandText|nil
function liar.lowest_above(hand) end

---The n-th lowest legal claim above `hand` (n = 1 is lowest_above), or nil.
---@param hand LiarHandLike|nil
---@param n integer
---@return LiarHandText|nil
function liar.nth_above(hand, n) end

---How many hands are higher than `hand` (252 for nil).
---@param hand LiarHandLike|nil
---@return integer
function liar.count_above(hand) end

---The hands higher than `hand`, lowest first, at most `count` of them.
---@param hand LiarHandLike|nil
---@param count? integer
---@return LiarHandText[]
function liar.above(hand, count) end

---How many dice show each face.
---@param dice LiarFace[]|string
---@return table<LiarFace, integer>
function liar.counts(dice) end

---The exact chance that keeping `kept` (0 to 5 dice) and throwing the
---others again gives a hand at least as high as `target`.
---@param kept LiarFace[]|string|nil
---@param target LiarHandLike
---@return number
function liar.chance(kept, target) end

---The positions (1-5) to throw again that reach `target` most often, and
---that chance.
---@param dice LiarFace[]|string
---@param target LiarHandLike
---@return integer[] positions
---@return number chance
function liar.best_reroll(dice, target) end

---The seat's own random stream, seeded by the engine each game (also
---math.random): a number in [0, 1), an integer in 1..m, or in m..n.
---@overload fun(): number
---@overload fun(m: integer): integer
---@param m integer
---@param n integer
---@return integer
function liar.random(m, n) end

---Like pairs(t), in a fixed order: numbers, then strings, then false, true.
---@generic K, V
---@param t table<K, V>
---@return fun(): K, V
function liar.sorted_pairs(t) end

---Writes a line to the bot's log (capped per game; goes to the replay).
---@param ... any
function liar.log(...) end
