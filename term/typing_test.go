package term

import (
	"testing"
	"time"
)

// The line being typed in line mode: each echo adds only what is new to
// the open line, a line said ends it first, an echo after that starts a
// new line with the whole text, and an echo that is not the same line
// grown starts a new line too. Nothing moves the cursor or erases.
func TestScreenEchoesTyping(t *testing.T) {
	tests := []struct {
		name  string
		steps [][]string
		want  string // the bytes after lineSetup, up to lineRestore
	}{
		{
			name:  "letters added to one line, enter ends it",
			steps: [][]string{{Typing("h")}, {Typing("hi")}, {Typing("hi ")}, {Typing("hi all"), "bob says: hi all"}},
			want:  "hi all\r\nbob says: hi all\r\n",
		},
		{
			name:  "a line said meanwhile: the next letter says the whole line again",
			steps: [][]string{{Typing("he")}, {"carol says: yes"}, {Typing("hel")}, {"done"}},
			want:  "he\r\ncarol says: yes\r\nhel\r\ndone\r\n",
		},
		{
			name:  "a line that is not the same line grown starts a new line",
			steps: [][]string{{Typing("helo")}, {Typing("hello")}, {Typing("hello!")}},
			want:  "helo\r\nhello!\r\n",
		},
		{
			name:  "the same text again writes nothing",
			steps: [][]string{{Typing("a")}, {Typing("a")}, {Typing("a"), Typing("ab")}},
			want:  "ab\r\n",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := &lockedBuf{}
			s := NewScreen(out, 40, 10)
			for _, step := range tc.steps {
				s.Say(step)
				waitIdle(t, s)
			}
			if !s.Close(10 * time.Second) {
				t.Fatal("not restored")
			}
			got := out.String()
			if m := moves.FindString(got); m != "" {
				t.Fatalf("typing wrote %q", m)
			}
			if want := lineSetup + tc.want + lineRestore; got != want {
				t.Errorf("wrote %q, want %q", got, want)
			}
		})
	}
}
