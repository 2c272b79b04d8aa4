// Package fr is the French of the game engine: its refusals, its words, the
// bots' notes and the sand timer's note, registered with i18n when package
// game is imported (game imports fr for that alone). A sentence the engine
// says in English has its French here; game's TestEveryRuleErrorHasFrench
// and i18n's TestEverySentenceHasFrench fail for any that has none.
package fr
