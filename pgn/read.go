package pgn

import (
	"errors"
	"fmt"
	"io"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/game"
)

// Reader reads the games of a PGN file one at a time.
type Reader struct {
	s        *scanner
	variants Variants
	games    int    // games started so far
	ahead    *token // a token scanned ahead, or nil
}

// NewReader returns a reader of the games in r whose Variant tags
// variants resolves (Embedded when nil).
func NewReader(r io.Reader, variants Variants) *Reader {
	if variants == nil {
		variants = Embedded
	}
	return &Reader{s: newScanner(r), variants: variants}
}

// ReadAll reads every game in r. It returns the games it could read, and
// an ErrorList of the others (nil if none); a read error of r ends it.
func ReadAll(r io.Reader, variants Variants) ([]*Record, error) {
	rd := NewReader(r, variants)
	var (
		recs []*Record
		errs ErrorList
	)
	for {
		rec, err := rd.Next()
		var e *Error
		switch {
		case err == io.EOF:
			return recs, errs.Err()
		case errors.As(err, &e):
			errs = append(errs, e)
		case err != nil:
			return recs, err
		default:
			recs = append(recs, rec)
		}
	}
}

func (r *Reader) peek() token {
	if r.ahead == nil {
		t := r.s.scan()
		r.ahead = &t
	}
	return *r.ahead
}

func (r *Reader) take() token {
	t := r.peek()
	r.ahead = nil
	return t
}

// Next reads the next game. It returns io.EOF after the last one, and an
// *Error for a game it cannot read, after which it goes on with the game
// after it. A game's moves are played through game.PlaySAN, in the
// variant its Variant tag names, from its FEN tag's position when it has
// one; its variations are skipped unread.
func (r *Reader) Next() (*Record, error) {
	if r.peek().kind == tokEOF {
		if r.s.err != nil {
			return nil, fmt.Errorf("pgn: %w", r.s.err)
		}
		return nil, io.EOF
	}
	r.games++
	p := &gameParser{r: r, index: r.games, at: map[string]token{}}
	rec, err := p.game()
	if err != nil {
		r.skipGame(p.inMovetext)
		return nil, err
	}
	return rec, nil
}

// skipGame reads on to the end of a game that could not be read: past its
// result, or up to the tags of the game after it. inMovetext tells whether
// the game's tags are behind.
func (r *Reader) skipGame(inMovetext bool) {
	depth := 0
	for {
		t := r.peek()
		switch t.kind {
		case tokEOF:
			return
		case tokLBracket:
			if inMovetext && depth == 0 {
				return
			}
			// a tag pair of this game: up to its ]
			for r.take(); ; {
				if k := r.peek().kind; k == tokEOF || k == tokLBracket {
					break
				}
				if r.take().kind == tokRBracket {
					break
				}
			}
			continue
		case tokLParen:
			depth++
		case tokRParen:
			depth = max(depth-1, 0)
		case tokSymbol, tokStar:
			if _, ok := parseResult(t.text); ok && depth == 0 {
				r.take()
				return
			}
		}
		r.take()
		inMovetext = true
	}
}

// gameParser reads one game.
type gameParser struct {
	r          *Reader
	index      int
	rec        Record
	at         map[string]token // each tag's value token, for errors
	inMovetext bool
}

// errorf returns the error of token t.
func (p *gameParser) errorf(t token, format string, args ...any) *Error {
	text := t.text
	if t.kind == tokError {
		text = ""
	}
	return &Error{Game: p.index, Line: t.line, Col: t.col, Token: text, Err: fmt.Errorf(format, args...)}
}

// game: tagPair* movetext
func (p *gameParser) game() (*Record, error) {
	if err := p.tags(); err != nil {
		return nil, err
	}
	if err := p.setup(); err != nil {
		return nil, err
	}
	if err := p.movetext(); err != nil {
		return nil, err
	}
	return &p.rec, nil
}

// tags reads the tag pairs.
//
//	tagPair: '[' SYMBOL STRING ']'
func (p *gameParser) tags() error {
	for p.r.peek().kind == tokLBracket {
		p.r.take()
		name, err := p.expect(tokSymbol, "a tag name")
		if err != nil {
			return err
		}
		if !validTagName(name.text) {
			return p.errorf(name, "bad tag name (letters, digits and _, starting with a letter)")
		}
		value, err := p.expect(tokString, "the tag's value, a string")
		if err != nil {
			return err
		}
		if _, err := p.expect(tokRBracket, "]"); err != nil {
			return err
		}
		p.rec.Tags = append(p.rec.Tags, Tag{name.text, value.text})
		if _, seen := p.at[name.text]; !seen {
			p.at[name.text] = value
		}
	}
	return nil
}

// expect takes the next token, which must be of kind k: what describes
// it.
func (p *gameParser) expect(k tokenKind, what string) (token, error) {
	t := p.r.peek()
	if t.kind == tokError {
		return t, p.errorf(t, "%s", t.text)
	}
	if t.kind != k {
		return t, p.errorf(t, "expected %s, found %s", what, t)
	}
	return p.r.take(), nil
}

// setup starts the game the tags describe: the variant of the Variant
// tag (chess without one), from the position of the FEN tag (the
// variant's setup without one).
func (p *gameParser) setup() error {
	variant, ok := p.at["Variant"]
	prog, err := p.r.variants(VariantName(variant.text))
	if err != nil {
		if !ok {
			return &Error{Game: p.index, Line: p.r.peek().line, Col: p.r.peek().col, Err: fmt.Errorf("no Variant tag, and chess: %w", err)}
		}
		return p.errorf(variant, "Variant: %w", err)
	}
	fen, hasFEN := p.at["FEN"]
	if setUp, ok := p.at["SetUp"]; ok && setUp.text == "1" && !hasFEN {
		return p.errorf(setUp, "SetUp \"1\" without a FEN tag")
	}
	g, err := game.New(prog, fen.text)
	if err != nil {
		return p.errorf(fen, "FEN: %w", err)
	}
	// people play on past a repetition or fifty moves until one claims
	// the draw: a record's moves go on, and a drawn result claims it
	g.ClaimDraws(true)
	p.rec.Game = g
	if result, ok := p.at["Result"]; ok {
		if _, ok := parseResult(result.text); !ok {
			return p.errorf(result, "Result is 1-0, 0-1, 1/2-1/2 or *")
		}
	}
	return nil
}

// movetext reads the moves and plays them, up to the result.
//
//	movetext: (NUMBER | SAN | NAG | variation)* (RESULT | EOF | before '[')
func (p *gameParser) movetext() error {
	for {
		t := p.r.peek()
		switch t.kind {
		case tokEOF, tokLBracket:
			// no result token: the input ends, or the next game starts
			return p.finish(nil)
		case tokError:
			return p.errorf(p.r.take(), "%s", t.text)
		case tokString, tokRBracket, tokRParen:
			return p.errorf(t, "unexpected %s in the moves", t)
		}
		p.inMovetext = true
		switch t.kind {
		case tokNumber, tokNAG:
			p.r.take()
		case tokLParen:
			if err := p.variation(); err != nil {
				return err
			}
		case tokStar:
			return p.finish(new(p.r.take()))
		case tokSymbol:
			if _, ok := parseResult(t.text); ok {
				return p.finish(new(p.r.take()))
			}
			if err := p.move(p.r.take()); err != nil {
				return err
			}
		}
	}
}

// move plays the move of token t.
func (p *gameParser) move(t token) error {
	g := p.rec.Game
	number, side := moveNumber(g.Board()), g.Board().ToMove()
	err := g.PlaySAN(t.text)
	if err == nil {
		return nil
	}
	if errors.Is(err, game.ErrOver) {
		err = fmt.Errorf("%w: it ended %s before this move", err, g.Outcome())
	}
	e := p.errorf(t, "%w", err)
	e.Move, e.Side = number, side
	return e
}

// variation skips a variation, and the variations in it.
//
//	variation: '(' (NUMBER | SAN | NAG | RESULT | variation)* ')'
func (p *gameParser) variation() error {
	open := p.r.take()
	for depth := 1; depth > 0; {
		t := p.r.take()
		switch t.kind {
		case tokLParen:
			depth++
		case tokRParen:
			depth--
		case tokEOF, tokLBracket:
			return p.errorf(open, "variation not closed before %s", t)
		case tokError:
			return p.errorf(t, "%s", t.text)
		}
	}
	return nil
}

// finish checks the result the game ends with — its result token, nil
// without one — against the Result tag and the board's outcome, and
// records it.
func (p *gameParser) finish(end *token) error {
	claimed, tag := board.Ongoing, p.at["Result"]
	if _, ok := p.at["Result"]; ok {
		claimed, _ = parseResult(tag.text)
	}
	if end != nil {
		r, _ := parseResult(end.text)
		if _, ok := p.at["Result"]; ok && r != claimed {
			return p.errorf(*end, "the result disagrees with the Result tag %q", tag.text)
		}
		claimed = r
	}
	if g := p.rec.Game; claimed == board.Draw && g.Claimable().Result == board.Draw {
		g.Claim() // cannot fail: a draw is claimable
	}
	if o := p.rec.Game.Outcome(); o.Over() {
		// "*" does not say how the game ended: the board does
		if claimed != board.Ongoing && claimed != o.Result {
			t := tag
			if end != nil {
				t = *end
			}
			return p.errorf(t, "the moves end the game %s", o)
		}
		claimed = o.Result
	}
	p.rec.Result = claimed
	p.setTag("Result", resultText(claimed))
	return nil
}

// setTag gives the tag name the value v, adding it if missing.
func (p *gameParser) setTag(name, v string) {
	for i, t := range p.rec.Tags {
		if t.Name == name {
			p.rec.Tags[i].Value = v
			return
		}
	}
	p.rec.Tags = append(p.rec.Tags, Tag{name, v})
}
