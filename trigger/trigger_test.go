package trigger

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func members(s Set) []int {
	var out []int
	for h := s.Next(0); h >= 0; h = s.Next(h + 1) {
		out = append(out, h)
	}
	return out
}

func TestSet(t *testing.T) {
	for _, tc := range []struct {
		name string
		add  []int
		drop []int
		want []int
	}{
		{"empty", nil, nil, nil},
		{"word edges", []int{0, 63, 64, 127, 128, 199}, nil, []int{0, 63, 64, 127, 128, 199}},
		{"removed", []int{5, 6, 70}, []int{6, 300}, []int{5, 70}},
		{"repeated", []int{9, 9, 9}, nil, []int{9}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := NewSet(200)
			for _, h := range tc.add {
				s.Add(h)
			}
			for _, h := range tc.drop {
				s.Remove(h)
			}
			assert.Equal(t, tc.want, members(s))
			assert.Equal(t, len(tc.want), s.Len())
			for _, h := range tc.want {
				assert.True(t, s.Has(h))
			}
			assert.False(t, s.Has(1000), "beyond the room is never a member")
			s.Clear()
			assert.Zero(t, s.Len())
		})
	}
}

func TestSetNextRemovingAsItGoes(t *testing.T) {
	s := NewSet(130)
	for _, h := range []int{1, 64, 65, 129} {
		s.Add(h)
	}
	var seen []int
	for h := s.Next(0); h >= 0; h = s.Next(h + 1) {
		seen = append(seen, h)
		s.Remove(h)
	}
	assert.Equal(t, []int{1, 64, 65, 129}, seen)
	assert.Zero(t, s.Len())
	assert.Equal(t, -1, s.Next(-3))
}

func TestMapFireSubscribeUnsubscribe(t *testing.T) {
	m := New(4, 10)
	m.Subscribe(0, 3)
	m.Subscribe(0, 9)
	m.Subscribe(2, 9)
	m.Subscribe(3, 1)
	m.Unsubscribe(3, 1)

	into := NewSet(64 * m.Words())
	m.Fire(0, into)
	m.Fire(1, into)
	assert.Equal(t, []int{3, 9}, members(into))
	m.Fire(2, into)
	assert.Equal(t, []int{3, 9}, members(into), "firing twice adds nothing")

	assert.True(t, m.Subscribed(2, 9))
	assert.False(t, m.Subscribed(3, 1))
	assert.Equal(t, []int{3, 9}, m.Subscribers(nil, 0))
}

func TestMapGrowKeepsSubscriptions(t *testing.T) {
	m := New(3, 64)
	m.Subscribe(1, 63)
	m.Subscribe(2, 0)
	before := m.Clone()
	m.Grow(500)
	require.GreaterOrEqual(t, m.Words()*64, 500)
	m.Subscribe(1, 499)
	assert.Equal(t, []int{63, 499}, m.Subscribers(nil, 1))
	assert.Equal(t, []int{0}, m.Subscribers(nil, 2))
	assert.False(t, m.Equal(before))
	m.Unsubscribe(1, 499)
	assert.True(t, m.Equal(before), "equal whatever the room")
	assert.True(t, before.Equal(m))
	assert.False(t, m.Equal(New(4, 64)), "different keys")
}
