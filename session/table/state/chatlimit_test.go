package state

import (
	"testing"
	"time"
)

func TestChatBucketAllowsABurstThenPaces(t *testing.T) {
	var b ChatBucket
	t0 := time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC)
	for i := 0; i < ChatBurst; i++ {
		if !b.Allow(t0) {
			t.Fatalf("line %d of the burst refused", i+1)
		}
	}
	if b.Allow(t0.Add(time.Second)) {
		t.Fatal("a line past the burst was allowed within a second")
	}
	if !b.Allow(t0.Add(ChatEvery)) {
		t.Fatal("no line allowed after one refill period")
	}
	if b.Allow(t0.Add(ChatEvery + time.Second)) {
		t.Fatal("two lines allowed for one refill period")
	}
	// A long pause refills the whole burst, never more.
	later := t0.Add(time.Hour)
	for i := 0; i < ChatBurst; i++ {
		if !b.Allow(later) {
			t.Fatalf("after a pause, line %d refused", i+1)
		}
	}
	if b.Allow(later) {
		t.Fatal("the bucket held more than a burst")
	}
}
