// Package bot plays any seat of a table: it reads the seat's view, exactly as a
// human's screen would, and answers with a command.
package bot
