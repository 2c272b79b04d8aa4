package store

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"fmt"
	"os"
	"os/exec"
	"testing"
	"time"
)

func TestGuestsRoundTrip(t *testing.T) {
	dir := t.TempDir()
	s := open(t, dir)
	h1, h2 := sha256.Sum256([]byte("one")), sha256.Sum256([]byte("two"))
	if err := s.SaveGuest(Guest{ID: "guest:a", CodeHash: h1[:], Created: t0, Seen: t0}); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveGuest(Guest{ID: "guest:b", CodeHash: h1[:], Created: t0}); err == nil {
		t.Fatal("two guests were given the same code hash")
	}
	if err := s.SaveGuest(Guest{ID: "guest:b", CodeHash: h2[:], Created: t0.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if err := s.TouchGuest("guest:a", t0.Add(2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	s.Close()

	s = open(t, dir)
	got, err := s.Guests(t0.Add(-time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].ID != "guest:b" || got[1].ID != "guest:a" ||
		!bytes.Equal(got[1].CodeHash, h1[:]) || !got[1].Seen.Equal(t0.Add(2*time.Hour)) || !got[1].Created.Equal(t0) {
		t.Fatalf("guests after reopening: %+v", got)
	}
	if n, err := s.ForgetGuests(t0.Add(90 * time.Minute)); err != nil || n != 1 {
		t.Fatalf("forget: %d, %v", n, err)
	}
	if got, _ := s.Guests(t0.Add(-time.Minute)); len(got) != 1 || got[0].ID != "guest:a" {
		t.Fatalf("after forgetting: %+v", got)
	}
}

const guestChildEnv = "MYSTERIUM_STORE_GUEST_CHILD"

// TestGuestSurvivesKill9: a process saves a guest, says so, and is killed
// with SIGKILL; the guest is in the database when it is opened again.
func TestGuestSurvivesKill9(t *testing.T) {
	if dir := os.Getenv(guestChildEnv); dir != "" {
		s, err := Open(dir)
		if err != nil {
			fmt.Println("error:", err)
			os.Exit(2)
		}
		h := sha256.Sum256([]byte("kill"))
		if err := s.SaveGuest(Guest{ID: "guest:k", CodeHash: h[:], Created: t0}); err != nil {
			fmt.Println("error:", err)
			os.Exit(2)
		}
		fmt.Println("saved")
		select {} // until killed
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestGuestSurvivesKill9$")
	cmd.Env = append(os.Environ(), guestChildEnv+"="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || line != "saved\n" {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("child: %q, %v", line, err)
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	s := open(t, dir)
	got, err := s.Guests(time.Unix(0, 0))
	if err != nil || len(got) != 1 || got[0].ID != "guest:k" {
		t.Fatalf("after kill -9: %+v, %v", got, err)
	}
}
