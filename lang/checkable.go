package lang

// checkCheckable checks the checkable attribute (docs/language.md § Check
// as its own attribute): a wall belongs to no army and a ghost is empty to
// every line, so neither can be threatened or made to move — the
// attribute would say nothing there, and is refused.
func (p *parser) checkCheckable(f *File) {
	for _, pc := range f.Pieces {
		var checkable *Attr
		kind := ""
		for _, a := range pc.Attrs {
			switch a.Name {
			case "checkable":
				checkable = a
			case "wall":
				kind = "a wall, which belongs to no army"
			case "ghost":
				if kind == "" {
					kind = "a ghost, which every line sees as empty"
				}
			}
		}
		if checkable != nil && kind != "" {
			p.errorAt(checkable.Pos, "attribute checkable on piece %s, %s: nothing can threaten it, so check cannot concern it", pc.Name, kind)
		}
	}
}
