package lang

import "slices"

// defScope holds the defs of one file of an inheritance chain
// (docs/language.md § Inheritance): the file's own defs and links to its
// base's scope and to the scope of the file that inherits from it.
//
// A def is bound late, as a method is overridden: a name a file can see
// (its own def or one of its bases') means the definition written
// furthest down the chain, in the file parsed first. So a def the
// deriving file writes again reaches the base's lines and the base's
// defs that use the name, and the base's text is expanded as if the
// derived def stood in it. A def only the deriving file writes is not
// seen by its bases: their lines may use the same word for something else
// (a turn variable). A def's body is read in the scope of the file that
// wrote it, so a derived def may use the derived file's other defs.
type defScope struct {
	own     map[string]*def
	base    *defScope // the base's scope, nil for a file without from
	derived *defScope // the scope of the file inheriting from this one, nil for the file parsed
}

func newDefScope(derived *defScope) *defScope {
	return &defScope{own: map[string]*def{}, derived: derived}
}

// visible tells whether the file of s, or one of its bases, defines name.
func (s *defScope) visible(name string) bool {
	for t := s; t != nil; t = t.base {
		if _, ok := t.own[name]; ok {
			return true
		}
	}
	return false
}

// lookup returns the def that name means in s's file: the one written
// furthest down the chain among those s can see, or nil.
func (s *defScope) lookup(name string) *def {
	if !s.visible(name) {
		return nil
	}
	top := s
	for top.derived != nil {
		top = top.derived
	}
	for t := top; t != nil; t = t.base {
		if d, ok := t.own[name]; ok {
			return d
		}
	}
	return nil
}

// names returns the names of the defs s can see, sorted, once each.
func (s *defScope) names() []string {
	var names []string
	for t := s; t != nil; t = t.base {
		for name := range t.own {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// overridden returns the names of s's own defs that its base's file can
// see too, sorted: the defs s writes again for the inherited lines.
func (s *defScope) overridden() []string {
	var names []string
	for name := range s.own {
		if s.base != nil && s.base.visible(name) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}
