package fsfini

import (
	_ "embed"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Issue is an option the conversion could not express.
type Issue struct {
	Filename, Section string
	Option
	Why string
}

func (i Issue) String() string {
	return fmt.Sprintf("%s:%d: [%s] %s = %s: %s", i.Filename, i.Line, i.Section, i.Key, i.Value, i.Why)
}

// Result is a converted variant: its .alf text and what it leaves out.
type Result struct {
	Name string
	// Source is the variant file: complete when Unsupported is empty,
	// otherwise without the rules Unsupported lists (its header comment
	// lists them too).
	Source      string
	Unsupported []Issue
}

// pieceType is one of Fairy-Stockfish's predefined piece types: its
// option name and its moves. special names what Betza cannot say of it
// (the pawn's and king's rules are written by the converter; the others
// are reported).
type pieceType struct {
	name, betza, special string
}

// predefined lists Fairy-Stockfish's piece types in its order (types.h,
// piece.cpp).
var predefined = []pieceType{
	{"pawn", "", "pawn"}, {"knight", "N", ""}, {"bishop", "B", ""}, {"rook", "R", ""}, {"queen", "Q", ""},
	{"fers", "F", ""}, {"alfil", "A", ""}, {"fersAlfil", "FA", ""}, {"silver", "FfW", ""},
	{"aiwok", "RNF", ""}, {"bers", "RF", ""}, {"archbishop", "BN", ""}, {"chancellor", "RN", ""},
	{"amazon", "QN", ""}, {"knibis", "mNcB", ""}, {"biskni", "mBcN", ""}, {"kniroo", "mNcR", ""},
	{"rookni", "mRcN", ""}, {"shogiPawn", "fW", ""}, {"lance", "fR", ""}, {"shogiKnight", "fN", ""},
	{"gold", "WfF", ""}, {"dragonHorse", "BW", ""}, {"clobber", "cW", ""}, {"breakthrough", "fmWfF", ""},
	{"immobile", "", ""}, {"cannon", "mRcpR", ""},
	{"janggiCannon", "pR", "a janggi cannon may not hop over or take cannons"},
	{"soldier", "fsW", "a soldier steps sideways only past the river (soldierPromotionRank)"},
	{"horse", "nN", ""}, {"elephant", "nA", ""},
	{"janggiElephant", "nZ", "the janggi elephant's path is not Fairy-Stockfish's lame path"},
	{"banner", "RcpRnN", ""}, {"wazir", "W", ""}, {"commoner", "K", ""}, {"centaur", "KN", ""},
}

const maxCustomPieces = 25

// piece is a piece of the variant being converted.
type piece struct {
	name   string
	letter byte // lower case, as Fairy-Stockfish's options write it
	betza  string
	royal  bool
	// lastRoyal: royal while its side has one (lastroyal), an
	// extinctionPseudoRoyal type of extinctionPieceCount 0
	lastRoyal bool
	pawn      bool // Fairy-Stockfish's pawn: promotion, double step, en passant
	line      int  // the option that gave it, for issues
}

// Options lists the options the converter reads, beside the piece
// options (pawn = p, customPieceN = x:BETZA, king = k[:BETZA]) and
// maxRank, maxFile; each reads its value into the variant being built, or
// says why it cannot. The display and evaluation options it accepts
// without a rule to write are in [Ignored].
var Options = map[string]func(v *variant, o Option) error{
	"startFen":                 func(v *variant, o Option) error { return v.readFEN(o) },
	"promotionRank":            func(v *variant, o Option) error { return v.promotionRank(o) },
	"promotionRegionWhite":     func(v *variant, o Option) error { return v.region(o, &v.promoWhite) },
	"promotionRegionBlack":     func(v *variant, o Option) error { return v.region(o, &v.promoBlack) },
	"promotionPieceTypes":      func(v *variant, o Option) error { v.promoTypes, v.promoTypesSet = o.Value, true; return nil },
	"promotionPieceTypesWhite": func(v *variant, o Option) error { return v.sameBoth(o, &v.promoTypesWhite) },
	"promotionPieceTypesBlack": func(v *variant, o Option) error { return v.sameBoth(o, &v.promoTypesBlack) },
	"promotionPawnTypes":       func(v *variant, o Option) error { return v.onlyPawn(o) },
	"mandatoryPawnPromotion":   func(v *variant, o Option) error { return boolValue(o, &v.mandatoryPromotion) },
	"doubleStep":               func(v *variant, o Option) error { return boolValue(o, &v.doubleStep) },
	"doubleStepRegionWhite":    func(v *variant, o Option) error { return v.region(o, &v.doubleWhite) },
	"doubleStepRegionBlack":    func(v *variant, o Option) error { return v.region(o, &v.doubleBlack) },
	"castling":                 func(v *variant, o Option) error { return boolValue(o, &v.castling) },
	"castlingKingsideFile":     func(v *variant, o Option) error { return v.file(o, &v.kingsideFile) },
	"castlingQueensideFile":    func(v *variant, o Option) error { return v.file(o, &v.queensideFile) },
	"castlingRank":             func(v *variant, o Option) error { return v.mustBe(o, "1") },
	"castlingKingPiece":        func(v *variant, o Option) error { return v.castlingKingPiece(o) },
	"castlingRookPieces":       func(v *variant, o Option) error { v.castlingRooks = o.Value; return nil },
	"mustCapture":              func(v *variant, o Option) error { return boolValue(o, &v.mustCapture) },
	"checkCounting":            func(v *variant, o Option) error { return boolValue(o, &v.checkCounting) },
	"pieceDrops":               func(v *variant, o Option) error { return boolValue(o, &v.pieceDrops) },
	"capturesToHand":           func(v *variant, o Option) error { return boolValue(o, &v.capturesToHand) },
	"dropLoop":                 func(v *variant, o Option) error { return boolValue(o, &v.dropLoop) },
	"firstRankPawnDrops":       func(v *variant, o Option) error { return boolValue(o, &v.firstRankPawnDrops) },
	"promotionZonePawnDrops":   func(v *variant, o Option) error { return boolValue(o, &v.promotionZonePawnDrops) },
	"dropNoDoubled":            func(v *variant, o Option) error { v.dropNoDoubled = o; return nil },
	"dropNoDoubledCount":       func(v *variant, o Option) error { return intValue(o, &v.dropNoDoubledCount) },
	"dropChecks":               func(v *variant, o Option) error { return v.mustBe(o, "true") },
	"checking":                 func(v *variant, o Option) error { return boolValue(o, &v.checking) },
	"chess960":                 func(v *variant, o Option) error { return v.mustBe(o, "false") },
	"stalemateValue":           func(v *variant, o Option) error { return value(o, &v.stalemate) },
	"checkmateValue":           func(v *variant, o Option) error { return value(o, &v.checkmate) },
	"nFoldValue":               func(v *variant, o Option) error { return value(o, &v.nFoldValue) },
	"nMoveRule":                func(v *variant, o Option) error { return intValue(o, &v.nMoveRule) },
	"nFoldRule":                func(v *variant, o Option) error { return intValue(o, &v.nFoldRule) },
	// the extinction rule (docs/language.md § Extinction)
	"extinctionValue":              func(v *variant, o Option) error { return v.extinctionResult(o) },
	"extinctionPieceTypes":         func(v *variant, o Option) error { v.extinctionTypes = o; return nil },
	"extinctionPieceCount":         func(v *variant, o Option) error { return intValue(o, &v.extinctionCount) },
	"extinctionOpponentPieceCount": func(v *variant, o Option) error { return intValue(o, &v.extinctionOpponent) },
	"extinctionClaim":              func(v *variant, o Option) error { return boolValue(o, &v.extinctionClaim) },
	"extinctionPseudoRoyal":        func(v *variant, o Option) error { v.pseudoRoyalOption = o; return boolValue(o, &v.pseudoRoyal) },
	// passing (§ Passing) and the facing kings (§ Facing pieces)
	"pass":            func(v *variant, o Option) error { return boolValue(o, &v.pass) },
	"passOnStalemate": func(v *variant, o Option) error { return boolValue(o, &v.passOnStalemate) },
	// per colour: read as the rules are written (passSides), as
	// Fairy-Stockfish reads them after pass and passOnStalemate
	"passWhite":            func(v *variant, o Option) error { var b bool; return boolValue(o, &b) },
	"passBlack":            func(v *variant, o Option) error { var b bool; return boolValue(o, &b) },
	"passOnStalemateWhite": func(v *variant, o Option) error { var b bool; return boolValue(o, &b) },
	"passOnStalemateBlack": func(v *variant, o Option) error { var b bool; return boolValue(o, &b) },
	"flyingGeneral":        func(v *variant, o Option) error { return v.facingRule(o, &v.flyingGeneral) },
	"bikjangRule":          func(v *variant, o Option) error { return v.facingRule(o, &v.bikjang) },
	// the connect rule (§ Connect)
	"connectN":          func(v *variant, o Option) error { return intValue(o, &v.connectN) },
	"connectPieceTypes": func(v *variant, o Option) error { v.connectTypes = o; return nil },
	"connectHorizontal": func(v *variant, o Option) error { return boolValue(o, &v.connectLines[0]) },
	"connectVertical":   func(v *variant, o Option) error { return boolValue(o, &v.connectLines[1]) },
	"connectDiagonal":   func(v *variant, o Option) error { return boolValue(o, &v.connectLines[2]) },
	"connectValue":      func(v *variant, o Option) error { return value(o, &v.connectValue) },
	// forced drops (§ Hands and drops)
	"mustDrop":        func(v *variant, o Option) error { return boolValue(o, &v.mustDrop) },
	"mustDropType":    func(v *variant, o Option) error { v.mustDropType = o; return nil },
	"dropRegionWhite": func(v *variant, o Option) error { return v.region(o, &v.dropWhite) },
	"dropRegionBlack": func(v *variant, o Option) error { return v.region(o, &v.dropBlack) },
	// a move to a square the piece could not move on from is legal: the
	// default of every base the importer writes
	"immobilityIllegal": func(v *variant, o Option) error { return v.mustBe(o, "false") },
	// goals (§ Goals and checks): the pieces and regions are read when the
	// rules are written, as Fairy-Stockfish reads flagPiece before
	// flagPieceWhite whatever their order; the regions are checked here
	"flagPiece":           func(v *variant, o Option) error { return nil },
	"flagPieceWhite":      func(v *variant, o Option) error { return nil },
	"flagPieceBlack":      func(v *variant, o Option) error { return nil },
	"flagRegion":          func(v *variant, o Option) error { _, err := v.goalRegion(o); return err },
	"whiteFlag":           func(v *variant, o Option) error { _, err := v.goalRegion(o); return err },
	"blackFlag":           func(v *variant, o Option) error { _, err := v.goalRegion(o); return err },
	"flagRegionWhite":     func(v *variant, o Option) error { _, err := v.goalRegion(o); return err },
	"flagRegionBlack":     func(v *variant, o Option) error { _, err := v.goalRegion(o); return err },
	"flagMove":            func(v *variant, o Option) error { return boolValue(o, &v.flagMove) },
	"flagPieceCount":      func(v *variant, o Option) error { return intValue(o, &v.flagCount) },
	"flagPieceBlockedWin": func(v *variant, o Option) error { return boolValue(o, &v.flagBlockedWin) },
	"flagPieceSafe":       func(v *variant, o Option) error { return boolValue(o, &v.flagSafe) },
}

// Ignored are options that change how Fairy-Stockfish shows or judges a
// variant, not its rules: the converter accepts them and writes nothing.
var Ignored = []string{"pieceToCharTable", "pocketSize", "variantTemplate", "pieceValueMg", "pieceValueEg", "nnueAlias"}

// variant is the configuration being converted, with Fairy-Stockfish's
// defaults (variant.h).
type variant struct {
	filename, section      string
	sectionLine            int
	maxRank, maxFile       int
	pieces                 []*piece
	startFen               string
	promoWhite, promoBlack []int  // absolute ranks, 1-based
	promoTypes             string // letters, when promotionPieceTypes is given
	promoTypesSet          bool
	// defaultPromotions: the promotion types when promotionPieceTypes is
	// not given, by name: chess's four for a section based on chess or
	// fairy, none for one without base; a removed type leaves them
	defaultPromotions        []string
	promoTypesWhite          *string
	promoTypesBlack          *string
	mandatoryPromotion       bool
	doubleStep               bool
	doubleWhite, doubleBlack []int
	castling, mustCapture    bool
	// checking: false forbids every move that gives check (checks
	// forbidden)
	checking bool
	// checkCounting: checks N, N from the start position's counters
	checkCounting bool
	// drops: pieceDrops, capturesToHand, dropLoop, firstRankPawnDrops,
	// promotionZonePawnDrops, dropNoDoubled(Count)
	pieceDrops, capturesToHand, dropLoop       bool
	firstRankPawnDrops, promotionZonePawnDrops bool
	dropNoDoubled                              Option
	dropNoDoubledCount                         int
	kingsideFile                               int // 0-based
	queensideFile                              int
	castlingRooks                              string
	// castlingKing: the letter of castlingKingPiece, 0 for Fairy-Stockfish's
	// default, its king type (the piece named king)
	castlingKing         byte
	stalemate, checkmate string
	nFoldValue           string
	nMoveRule, nFoldRule int
	// extinctionValue ("" for Fairy-Stockfish's none: no rule) and the
	// options that say what it counts
	extinction                          string
	extinctionTypes                     Option
	extinctionCount, extinctionOpponent int
	extinctionClaim                     bool
	// extinctionPseudoRoyal: the extinction types are royal (pseudoroyal.go)
	pseudoRoyal           bool
	pseudoRoyalOption     Option
	pass, passOnStalemate bool
	flagMove              bool
	// flagPieceCount, flagPieceBlockedWin, flagPieceSafe: the goal's
	// count, full and safe
	flagCount                int
	flagBlockedWin, flagSafe bool
	flyingGeneral, bikjang   Option // Key set when true
	mustDrop                 bool
	// connectN (0: no rule), connectPieceTypes, connectHorizontal,
	// connectVertical, connectDiagonal and connectValue
	connectN     int
	connectTypes Option
	connectLines [3]bool
	connectValue string
	mustDropType Option
	// dropRegionWhite/Black in absolute ranks, 1-based; nil: everywhere
	dropWhite, dropBlack []int
	dropRanks            []int // the drop region relative to the dropping side, 0-based
	// mobility: the mobility regions, by piece name (mobility.go)
	mobility map[string]*mobility
	issues   []Issue
}

func newVariant() *variant {
	return &variant{maxRank: 8, maxFile: 8, startFen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		promoWhite: []int{8}, promoBlack: []int{1}, mandatoryPromotion: true,
		doubleStep: true, doubleWhite: []int{2}, doubleBlack: []int{7}, castling: true, checking: true, connectLines: [3]bool{true, true, true}, connectValue: "win",
		kingsideFile: 6, queensideFile: 2, castlingRooks: "r",
		stalemate: "draw", checkmate: "loss", nFoldValue: "draw", nMoveRule: 50, nFoldRule: 3, dropNoDoubledCount: 1}
}

// unsupported is the error of an option the converter cannot express.
type unsupported string

func (u unsupported) Error() string { return string(u) }

// Convert converts the variant name of the file. An error is returned for
// a file the converter cannot read at all (no such variant, a base it does
// not know, a value Fairy-Stockfish would not read); options it cannot
// express are in the Result's Unsupported.
func (f *File) Convert(name string) (*Result, error) {
	v := newVariant()
	v.filename, v.section = f.Filename, name
	chain, base, err := f.chain(name)
	if err != nil {
		return nil, err
	}
	if base != nil {
		return f.convertFrom(name, chain, base)
	}
	v.sectionLine = chain[len(chain)-1].Line
	// the options of the chain, the variant's own last: Fairy-Stockfish
	// parses a copy of the base's variant with the child's options
	merged, order := mergeOptions(chain)
	v.basePieces(chain[0].Base)
	relabel(chain, merged)
	if o, ok := merged["maxRank"]; ok {
		if err := v.dimension(o, &v.maxRank, 1, 10); err != nil {
			return nil, err
		}
	}
	if o, ok := merged["maxFile"]; ok {
		if err := v.dimension(o, &v.maxFile, 1, 12); err != nil {
			return nil, err
		}
	}
	if err := v.readPieces(merged); err != nil {
		return nil, err
	}
	for _, key := range order {
		o := merged[key]
		if isPieceOption(key) || key == "maxRank" || key == "maxFile" || slices.Contains(Ignored, key) {
			continue
		}
		read, ok := Options[key]
		if isMobilityOption(key) {
			read, ok = (*variant).readMobility, true
		}
		if !ok {
			v.report(o, "not supported by the importer")
			continue
		}
		if err := read(v, o); err != nil {
			var u unsupported
			if errors.As(err, &u) {
				v.report(o, string(u))
				continue
			}
			return nil, fmt.Errorf("%s:%d: [%s] %s = %s: %v", f.Filename, o.Line, name, o.Key, o.Value, err)
		}
	}
	src, err := v.write(merged)
	if err != nil {
		return nil, err
	}
	return &Result{Name: name, Source: src, Unsupported: v.issues}, nil
}

// basePieces gives the variant the pieces of its first base: chess's, or
// fairy's (chess's and silver, fers, archbishop, chancellor, commoner),
// or none.
func (v *variant) basePieces(base string) {
	if base != "chess" && base != "fairy" {
		return
	}
	v.defaultPromotions = []string{"knight", "bishop", "rook", "queen"}
	for i, n := range []string{"pawn", "knight", "bishop", "rook", "queen"} {
		v.pieces = append(v.pieces, &piece{name: n, letter: "pnbrq"[i], betza: predefined[i].betza, pawn: n == "pawn"})
	}
	if base == "fairy" {
		for _, p := range []struct {
			name   string
			letter byte
		}{{"silver", 's'}, {"fers", 'f'}, {"archbishop", 'a'}, {"chancellor", 'c'}, {"commoner", 'm'}} {
			v.pieces = append(v.pieces, &piece{name: p.name, letter: p.letter, betza: typeBetza(p.name)})
		}
	}
	v.pieces = append(v.pieces, &piece{name: "king", letter: 'k', betza: "K", royal: true})
}

// typeOptions are the options whose letters name piece types.
var typeOptions = []string{"promotionPieceTypes", "promotionPieceTypesWhite", "promotionPieceTypesBlack", "promotionPawnTypes",
	"castlingRookPieces", "castlingKingPiece", "extinctionPieceTypes", "mustDropType", "dropNoDoubled",
	"flagPiece", "flagPieceWhite", "flagPieceBlack", "connectPieceTypes"}

// relabel rewrites the letters of the type options a base section set in
// the letters its types have in the variant: Fairy-Stockfish reads such
// an option into types as it parses the base, so janus's promotion to j,
// its archbishop, is a promotion to the archbishop that gemini letters a.
// A type the variant no longer has keeps its old letter, which names
// nothing or what now has it — as Fairy-Stockfish's removed type leaves
// its sets. The importer reads every option against the last section's
// pieces otherwise.
func relabel(chain []*Section, merged map[string]Option) {
	letters := func(upto int) map[string]byte {
		t := newVariant()
		t.basePieces(chain[0].Base)
		m, _ := mergeOptions(chain[:upto+1])
		_ = t.readPieces(m) // errors are the real pass's to report
		out := map[string]byte{}
		for _, p := range t.pieces {
			out[p.name] = p.letter
		}
		return out
	}
	last := letters(len(chain) - 1)
	for _, key := range typeOptions {
		o, ok := merged[key]
		if !ok {
			continue
		}
		at := len(chain) - 1 // the last section that set it, whose value merged keeps
		for at >= 0 && !slices.Contains(chain[at].Options, o) {
			at--
		}
		if at < 0 || at == len(chain)-1 {
			continue
		}
		then := letters(at)
		byLetter := map[byte]string{}
		for n, c := range then {
			byLetter[c] = n
		}
		value := []byte(o.Value)
		for i, c := range value {
			n, ok := byLetter[lower(c)]
			if !ok {
				continue
			}
			if now, ok := last[n]; ok && now != lower(c) {
				if c >= 'A' && c <= 'Z' {
					now -= 'a' - 'A'
				}
				value[i] = now
			}
		}
		o.Value = string(value)
		merged[key] = o
	}
}

// chain returns the sections a variant inherits from, the first one (a
// section without base, or based on chess or fairy) first and the variant
// last. A base the file does not define may be one of Fairy-Stockfish's
// built-in variants the importer knows (Builtins), or one of alfil's
// variant files (File.Bases): then the chain stops below it and the file
// is returned.
func (f *File) chain(name string) ([]*Section, *shippedBase, error) {
	var chain []*Section
	for n := name; ; {
		s := f.Section(n)
		if s == nil && len(chain) > 0 {
			s = builtins.Section(n)
		}
		if s == nil && len(chain) > 0 && f.Bases != nil {
			if filename, src, err := f.Bases(n); err == nil {
				return chain, &shippedBase{name: n, filename: filename, src: src}, nil
			}
		}
		if s == nil {
			if n == name {
				return nil, nil, fmt.Errorf("%s: no variant [%s] (have %s)", f.Filename, name, strings.Join(f.Names(), ", "))
			}
			shipped := ""
			if f.Bases != nil {
				shipped = ", alfil's variants"
			}
			return nil, nil, fmt.Errorf("%s:%d: [%s:%s]: the importer knows the bases chess, fairy, %s%s and the sections of the file",
				f.Filename, chain[0].Line, chain[0].Name, n, strings.Join(builtins.Names(), ", "), shipped)
		}
		if slices.Contains(chain, s) || len(chain) > 64 {
			return nil, nil, fmt.Errorf("%s:%d: [%s:%s]: inheritance cycle", f.Filename, s.Line, s.Name, s.Base)
		}
		chain = append([]*Section{s}, chain...)
		if s.Base == "" || s.Base == "chess" || s.Base == "fairy" {
			if s.Base != "" && f.Section(s.Base) != nil {
				n = s.Base // a section of the file named chess comes first
				continue
			}
			return chain, nil, nil
		}
		n = s.Base
	}
}

//go:embed builtin.ini
var builtinText []byte

// builtins are Fairy-Stockfish's built-in variants a section may name as
// its base, written as sections (builtin.ini); their options carry line 0.
var builtins = func() *File {
	f, err := Parse("built-in", builtinText)
	if err != nil {
		panic(err) // builtin.ini is part of the package; its test reads it
	}
	for _, s := range f.Sections {
		s.Line = 0
		for i := range s.Options {
			s.Options[i].Line = 0
		}
	}
	return f
}()

// Builtins returns the names of Fairy-Stockfish's built-in variants that
// a section may name as its base, beside chess and fairy.
func Builtins() []string { return builtins.Names() }

func (v *variant) report(o Option, why string) {
	v.issues = append(v.issues, Issue{Filename: v.filename, Section: v.section, Option: o, Why: why})
}

func typeBetza(name string) string {
	for _, t := range predefined {
		if t.name == name {
			return t.betza
		}
	}
	return ""
}

func isPieceOption(key string) bool {
	if key == "king" || strings.HasPrefix(key, "customPiece") {
		return true
	}
	return slices.ContainsFunc(predefined, func(t pieceType) bool { return t.name == key })
}

// readPieces applies the piece options in Fairy-Stockfish's order of
// types: a letter adds the type (or gives it a new letter), - removes it;
// customPieceN and king take a Betza notation after the letter and a
// colon.
func (v *variant) readPieces(merged map[string]Option) error {
	names := make([]string, 0, len(predefined)+maxCustomPieces+1)
	for _, t := range predefined {
		names = append(names, t.name)
	}
	for i := 1; i <= maxCustomPieces; i++ {
		names = append(names, fmt.Sprintf("customPiece%d", i))
	}
	names = append(names, "king")
	for _, name := range names {
		o, ok := merged[name]
		if !ok || o.Value == "" {
			continue
		}
		i := slices.IndexFunc(v.pieces, func(p *piece) bool { return p.name == name })
		c := o.Value[0]
		if !isLetter(c) {
			if c != '-' {
				return fmt.Errorf("%s:%d: [%s] %s = %s: expected a letter or -", v.filename, o.Line, v.section, name, o.Value)
			}
			if i >= 0 {
				v.removePiece(name)
			}
			continue
		}
		p := &piece{name: name, letter: lower(c), line: o.Line, pawn: name == "pawn", royal: name == "king"}
		switch {
		case strings.HasPrefix(name, "customPiece"):
			if len(o.Value) < 3 || o.Value[1] != ':' {
				return fmt.Errorf("%s:%d: [%s] %s = %s: expected LETTER:BETZA", v.filename, o.Line, v.section, name, o.Value)
			}
			p.betza = v.withoutJ(o, o.Value[2:])
		case name == "king":
			p.betza = "K"
			if len(o.Value) > 2 && o.Value[1] == ':' {
				p.betza = o.Value[2:]
			}
		default:
			for _, t := range predefined {
				if t.name == name {
					p.betza = t.betza
					if t.special != "" && t.special != "pawn" {
						v.report(o, t.special)
					}
				}
			}
		}
		// Fairy-Stockfish's add_piece: a piece of the same letter is
		// removed first, and leaves the promotion types
		if j := slices.IndexFunc(v.pieces, func(q *piece) bool { return q.letter == p.letter && q.name != name }); j >= 0 {
			v.removePiece(v.pieces[j].name)
			i = slices.IndexFunc(v.pieces, func(p *piece) bool { return p.name == name })
		}
		if i >= 0 {
			v.pieces[i] = p
		} else {
			v.pieces = append(v.pieces, p)
		}
	}
	return nil
}

// removePiece takes a type out of the variant and of the promotion
// types, as Fairy-Stockfish's remove_piece does.
func (v *variant) removePiece(name string) {
	v.pieces = slices.DeleteFunc(v.pieces, func(p *piece) bool { return p.name == name })
	v.defaultPromotions = slices.DeleteFunc(v.defaultPromotions, func(n string) bool { return n == name })
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func (v *variant) dimension(o Option, to *int, lo, hi int) error {
	n, err := strconv.Atoi(o.Value)
	if err != nil && len(o.Value) == 1 && isLetter(o.Value[0]) && hi == 12 { // maxFile = h
		n, err = int(lower(o.Value[0])-'a')+1, nil
	}
	if err != nil || n < lo || n > hi {
		return fmt.Errorf("%s:%d: [%s] %s = %s: expected %d to %d", v.filename, o.Line, v.section, o.Key, o.Value, lo, hi)
	}
	*to = n
	return nil
}

func boolValue(o Option, to *bool) error {
	switch o.Value {
	case "true":
		*to = true
	case "false":
		*to = false
	default:
		return fmt.Errorf("expected true or false")
	}
	return nil
}

func intValue(o Option, to *int) error {
	n, err := strconv.Atoi(o.Value)
	if err != nil || n < 0 {
		return fmt.Errorf("expected a number")
	}
	*to = n
	return nil
}

func value(o Option, to *string) error {
	switch o.Value {
	case "win", "loss", "draw":
		*to = o.Value
		return nil
	case "none":
		return unsupported("no result (none) is not a value alfil's rules take")
	}
	return fmt.Errorf("expected win, loss or draw")
}

func (v *variant) mustBe(o Option, want string) error {
	if o.Value != want {
		return unsupported(fmt.Sprintf("only %s = %s is supported", o.Key, want))
	}
	return nil
}

func (v *variant) sameBoth(o Option, to **string) error {
	s := o.Value
	*to = &s
	return nil
}

// onlyPawn accepts a promotionPawnTypes that names Fairy-Stockfish's
// pawn type, and only it (its letter may be another than p).
func (v *variant) onlyPawn(o Option) error {
	if len(o.Value) != 1 || !slices.ContainsFunc(v.pieces, func(p *piece) bool { return p.pawn && p.letter == lower(o.Value[0]) }) {
		return unsupported("only Fairy-Stockfish's pawn type promotes as a pawn in the importer")
	}
	return nil
}

// region reads a Bitboard option made of whole ranks (*2 *3).
func (v *variant) region(o Option, to *[]int) error {
	var ranks []int
	for _, f := range strings.Fields(o.Value) {
		if f == "-" {
			continue
		}
		r, err := strconv.Atoi(strings.TrimPrefix(f, "*"))
		if !strings.HasPrefix(f, "*") || err != nil || r < 1 || r > v.maxRank {
			return unsupported("only regions of whole ranks (*N) are supported")
		}
		ranks = append(ranks, r)
	}
	*to = ranks
	return nil
}

// goalRegion reads a flag region, Fairy-Stockfish's Bitboard option of
// squares (e5), whole ranks (*8) and whole files (a*), as the items of a
// goal declaration's region (e5, rank 8, file a).
func (v *variant) goalRegion(o Option) ([]string, error) {
	var items []string
	for _, f := range strings.Fields(o.Value) {
		if f == "-" {
			break // Fairy-Stockfish stops reading there
		}
		switch {
		case len(f) == 2 && f[1] == '*' && f[0] >= 'a' && int(f[0]-'a') < v.maxFile:
			items = append(items, "file "+f[:1])
		case strings.HasPrefix(f, "*"):
			r, err := strconv.Atoi(f[1:])
			if err != nil || r < 1 || r > v.maxRank {
				return nil, fmt.Errorf("expected squares (e5), ranks (*8) and files (a*) of the board")
			}
			items = append(items, "rank "+f[1:])
		default:
			r, err := strconv.Atoi(f[1:])
			if len(f) < 2 || f[0] < 'a' || int(f[0]-'a') >= v.maxFile || err != nil || r < 1 || r > v.maxRank {
				return nil, fmt.Errorf("expected squares (e5), ranks (*8) and files (a*) of the board")
			}
			items = append(items, f)
		}
	}
	return items, nil
}

// promotionRank is Fairy-Stockfish's older form: the ranks from N on.
func (v *variant) promotionRank(o Option) error {
	n, err := strconv.Atoi(o.Value)
	if err != nil || n < 1 || n > v.maxRank {
		return fmt.Errorf("expected a rank")
	}
	v.promoWhite, v.promoBlack = nil, nil
	for r := n; r <= v.maxRank; r++ {
		v.promoWhite = append(v.promoWhite, r)
		v.promoBlack = append(v.promoBlack, v.maxRank+1-r)
	}
	return nil
}

func (v *variant) file(o Option, to *int) error {
	switch {
	case len(o.Value) == 1 && o.Value[0] >= 'a' && o.Value[0] <= 'l':
		*to = int(o.Value[0] - 'a')
	default:
		n, err := strconv.Atoi(o.Value)
		if err != nil || n < 1 || n > 12 {
			return fmt.Errorf("expected a file")
		}
		*to = n - 1
	}
	return nil
}

// readFEN reads startFen. Its wall squares (*) are the setup's holes
// (docs/language.md § Holes); a FEN without its en-passant field, which
// Fairy-Stockfish reads, gets a -.
func (v *variant) readFEN(o Option) error {
	fields := strings.Fields(o.Value)
	if len(fields) == 0 {
		return fmt.Errorf("expected a FEN")
	}
	if len(fields) == 5 {
		if _, err := strconv.Atoi(fields[3]); err == nil {
			fields = slices.Insert(fields, 3, "-")
		}
	}
	v.startFen = strings.Join(fields, " ")
	return nil
}

// castlingKingPiece reads the piece that castles with the rooks, by its
// letter: river's commoner, which replaces the king.
func (v *variant) castlingKingPiece(o Option) error {
	if len(o.Value) != 1 || !isLetter(o.Value[0]) {
		return fmt.Errorf("expected a piece letter")
	}
	v.castlingKing = lower(o.Value[0])
	return nil
}

// castles tells whether p is the piece that castles: the one whose
// letter castlingKingPiece gives, or Fairy-Stockfish's king type.
func (v *variant) castles(p *piece) bool {
	if v.castlingKing != 0 {
		return p.letter == v.castlingKing
	}
	return p.name == "king"
}

// extinctionResult reads extinctionValue: none (the default) is no rule.
func (v *variant) extinctionResult(o Option) error {
	if o.Value == "none" {
		v.extinction = ""
		return nil
	}
	return value(o, &v.extinction)
}

// facingRule reads flyingGeneral or bikjangRule: true makes the kings'
// facing rule.
func (v *variant) facingRule(o Option, to *Option) error {
	var on bool
	if err := boolValue(o, &on); err != nil {
		return err
	}
	*to = Option{}
	if on {
		*to = o
	}
	return nil
}

// withoutJ drops Betza's j (a move that must jump over a piece) from a
// notation: Fairy-Stockfish's from_betza (piece.cpp, both its current
// build and Debian's 11.1, which has none) has no case for it and skips
// the letter, so the piece moves as the notation without it. A j between
// two direction letters is reported instead: skipping it there keeps the
// two apart (fjrB is f and r, not fr), which the notation without it
// would not say.
func (v *variant) withoutJ(o Option, notation string) string {
	const directions = "fbvhrls"
	var out []byte
	for i := 0; i < len(notation); i++ {
		c := notation[i]
		if c != 'j' {
			out = append(out, c)
			continue
		}
		if i > 0 && i+1 < len(notation) && strings.IndexByte(directions, notation[i-1]) >= 0 && strings.IndexByte(directions, notation[i+1]) >= 0 {
			v.report(o, "j between two direction letters, which Fairy-Stockfish then reads apart")
			return strings.ReplaceAll(notation, "j", "")
		}
	}
	return string(out)
}

// mergeOptions merges the options of a section chain, base first, the
// variant's own last: the value a later section gives replaces the
// earlier one's, in the order the keys first appear.
func mergeOptions(chain []*Section) (map[string]Option, []string) {
	merged := map[string]Option{}
	var order []string
	for _, s := range chain {
		for _, o := range s.Options {
			if _, ok := merged[o.Key]; !ok {
				order = append(order, o.Key)
			}
			merged[o.Key] = o
		}
	}
	return merged, order
}
