// Package game is the Mysterium rules engine.
//
// The engine is pure and deterministic: a table's seed plus the commands it
// accepted rebuild the identical state, which is how tables are persisted and
// replayed. Nothing here knows about terminals, SSH or SQL, nor runs a
// goroutine: the table actor, which owns one game's State, journals its
// moves, keeps its time and hands each subscriber its view, is package
// game/table. What the actor shares with its users is here, in actor.go:
// TableConfig (with its Journal, Clock and Bots), the Update each
// subscriber receives (with every seat's Presence and the psychics'
// Pointers), ErrTableStopped, and the chat pace (ChatBurst, ChatEvery).
//
// # The engine
//
// New creates a table in the seating phase; players Sit, the host seats
// bots (SetBot) and Starts; (*State).Apply applies one Command from one
// player and either changes the state completely or returns a *RuleError
// with a sentence for the player and changes nothing (the command runs on a
// copy). The sentence travels unformatted and is said in each reader's
// language where it is shown: RuleError.Text, or Say for any error; the
// engine's words (colours, categories, editions…) have Name methods for the
// same reason (words.go). All randomness comes from a PCG generator seeded from the table's
// seed; its state is part of State, so Replay rebuilds the exact game.
// (*State).ViewFor computes what one player may see; LegalCommands lists
// what they may do. The edition tables (cards on the table, discards,
// clairvoyance levels) are in rules.go, each in one place.
//
// The rules of the three editions as the engine plays them, with every
// decision and its reason and where each rule lives here, are in the
// repository's docs/rules.md.
//
// # Decisions beyond the printed rules
//
// The rulebooks leave a few situations open; the engine settles them so
// (docs/rules.md, "Decisions", gives the reasons):
//   - In original, a medium has "placed" once their marker is down and they
//     say they are ready, so they can still move it while the mediums talk;
//     the step ends when every unfinished medium is ready, as in modern.
//   - When the deck, the discard pile and the hand are all empty, the ghost
//     may give a vision of no card, so the game can always go on.
//   - A completed modern vision (old cards kept plus new ones) is still at
//     most 7 cards.
//   - The ghost's hand is drawn back to 7 at the start of each round and of
//     the final phase too (it can be short only when every card was out).
//   - An allowance of once per round (easy) is renewed at the final phase
//     and at each new day of the original's votes.
//   - In the classic 2-player game the ghost may choose any of the 4 groups
//     as the culprit, the 2 random ones included (otherwise they would be
//     pointless decoys).
//   - Votes are cast per psychic player (in the 2- and 3-player variants a
//     player with two colours has one vote), under their own seat's colour.
//   - Before Start any seated player may chat, the ghost included: nothing
//     is secret yet. After the game everybody may, spectators included.
//
// # What a real table allows beyond the rules
//
//   - A vision is held before it arrives, and only then may be taken back
//     (TakeBack). GiveVision from a person puts the vision on its way for
//     VisionHold (5 s of the table's clock); the actor then delivers it
//     (DeliverVision, journaled like the sand timer's EndStep, so a replay
//     or a restart rebuilds it). During the hold the ghost alone sees its
//     cards; everybody else sees that a vision is on its way and to whom
//     (TableView.Sending), nothing of it, not even how many cards (the hand
//     counts them still), so no pointer, mark, note or intuition can
//     answer it. Only on arrival are the old cards dropped (modern), the
//     new ones shown, the hand drawn back to 7 and the sand timer turned.
//     u during the hold puts the cards back in the hand, exactly as they
//     were; once the vision has arrived it stays. The ghost's next vision
//     or discard delivers a held vision first (the ghost has moved on).
//     Why: the take-back was a yes/no channel (give, watch the psychic's
//     pointer, take back, give again), it turned the sand timer over
//     again, and undoing the draw showed the ghost the top of the deck.
//     Held this way, a take-back can only undo a slip: the psychics have
//     seen nothing to react to; the sand timer turns once, when the last
//     vision arrives, so it never runs longer; nothing is drawn before the
//     vision can no longer come back, so the ghost never sees a card it
//     would not have. A table takes back at most TakeBacksPerHour (2)
//     visions in any hour of its clock, all psychics together: a take-back
//     is public, and two an hour undo a slip or two per game but are too
//     few to make a language of. The journal's TakeBack names the cards
//     taken back; TakeBackRecord keeps them for the ghost and, once the
//     game is over, for the replay. A bot's vision arrives at once: bots
//     never take back, and all-bot games and simulate never wait. A
//     journal written before the hold has no DeliverVision; its held
//     vision arrives when the next entry needs it.
//   - The sand timer (PauseTimer, ResumeTimer, AddTime) is worked by the
//     table's host, or, when the host sits as the ghost, by every psychic
//     player who is a person (TableView.MayWorkTimer): the ghost's seat
//     never holds these keys, which would let it speak (a pause toggled
//     on and off, seen by every psychic). Bots never work it. Only while
//     it runs; TableView.TimerNote says who did what. While paused the
//     step cannot end by the timer (it still ends early when everybody is
//     ready). The actor keeps the time left and resumes a pause by itself
//     after TableConfig.MaxPause (10 minutes unless configured), journaled
//     as the table's own ResumeTimer; such a pause cannot be renewed in
//     the same step, and all the pauses of a step last at most MaxPause
//     together, so a step is held at most that long in all; +30 s is
//     refused when the time left would pass MaxTimer (10 minutes).
//   - Marks and notes (Mark, Note) belong to a psychic player's seat:
//     marks on the suspect cards dealt at this table, notes (at most
//     MaxNoteRunes characters) on those and on any vision card given. Only
//     that player's PsychicView holds them during the game; the actor tells
//     nobody else that anything happened; the FinishedView shows everybody's.
//     They are not moves, so the actor journals them coalesced: the latest
//     value of each changed card, 5 s after the first change, before the
//     next move and when the table stops (game/table/notes.go). Every move is on
//     disk before anyone sees it; a kill -9 loses at most the last 5 s of
//     marks and notes, and a key pressed a thousand times writes one row.
//   - Pointing (game/table's Table.Point) is not a command and not journaled: a psychic
//     player's cursor, shown to everybody as on a real table, only on cards
//     everybody sees, announced at most every 150 ms, forgotten when the
//     player's last connection closes.
//
// LegalCommands does not list these: bots do not take back, pause or note.
package game
