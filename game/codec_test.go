package game

import (
	"reflect"
	"testing"
)

func TestCommandCodecRoundTrip(t *testing.T) {
	cmds := []Command{
		Sit{Seat: SeatOf(Red), Name: "alice"}, Sit{Seat: GhostSeat}, Stand{}, SetBot{Seat: SeatOf(Green), On: true}, Start{},
		GiveVision{To: Blue, Cards: []CardID{"V01", "V02"}, Drop: []CardID{"V09"}},
		Discard{Cards: []CardID{"V03"}}, Discard{},
		PlaceIntuition{Psychic: Yellow, Card: "L04"}, SetReady{Psychic: Purple, Ready: true},
		PlaceToken{From: Red, On: White, Kind: TokenNo}, TakeToken{From: Red, On: White},
		Reveal{Psychic: White}, RevealAll{}, EndStep{}, ChooseCulprit{Group: 3},
		GiveSharedVision{Cards: []CardID{"V1", "V2", "V3"}}, Vote{Group: 2}, Chat{Text: "hello ▲"},
	}
	for _, c := range cmds {
		b, err := MarshalCommand(c)
		if err != nil {
			t.Fatalf("%T: %v", c, err)
		}
		got, err := UnmarshalCommand(b)
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if !reflect.DeepEqual(got, c) {
			t.Errorf("round trip of %s: got %#v want %#v", b, got, c)
		}
		// Pointers encode like values.
		if b2, err := MarshalCommand(deref(c)); err != nil || string(b2) != string(b) {
			t.Errorf("%T: deref changed the encoding", c)
		}
	}
}

func TestCommandCodecRejects(t *testing.T) {
	for _, in := range []string{``, `{}`, `{"type":"fly"}`, `{"type":"sit","args":{"seat":"orange"}}`, `{"type":"vote","args":[1]}`, `[]`} {
		if _, err := UnmarshalCommand([]byte(in)); err == nil {
			t.Errorf("UnmarshalCommand(%q) accepted", in)
		}
	}
	if _, err := MarshalCommand(nil); err == nil {
		t.Error("MarshalCommand(nil) accepted")
	}
	var nilSit *Sit
	if _, err := MarshalCommand(nilSit); err == nil {
		t.Error("MarshalCommand((*Sit)(nil)) accepted")
	}
}

func TestSealedInterfaces(t *testing.T) {
	// The marker methods keep other packages from adding commands or views.
	for _, c := range []Command{Sit{}, Stand{}, SetBot{}, Start{}, GiveVision{}, Discard{}, PlaceIntuition{}, SetReady{},
		PlaceToken{}, TakeToken{}, Reveal{}, RevealAll{}, EndStep{}, ChooseCulprit{}, GiveSharedVision{}, Vote{}, Chat{}, Announce{}} {
		c.isCommand()
		if _, ok := commandTypes[c.Type()]; !ok {
			t.Errorf("%T has no decoder", c)
		}
	}
	for _, v := range []View{&GhostView{}, &PsychicView{}, &SpectatorView{}, &FinishedView{}} {
		v.isView()
	}
	s := started(t, classic(Hard), 4)
	if s.Round() != 1 || s.Options() != classic(Hard) || s.Host() != "host" || s.Phase() != PhaseVision {
		t.Error("accessors")
	}
}
