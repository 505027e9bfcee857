// Package alfil is the root of a move-generation library for chess and for
// any chess variant whose pieces are written in alfil's piece language.
//
// The library is a pipeline of small packages:
//
//   - [github.com/alfil-go/alfil/lang] reads variant files: lexer, macro
//     expansion (def, turn, braces), parser, positioned errors, and a typed
//     AST that prints itself back as canonical source.
//   - [github.com/alfil-go/alfil/examples] embeds the shipped variant files
//     (chess, the zoo of every piece) and holds the alfil command.
//
// Move generation (movegen, trigger, memory, board), magic bitboards (magic)
// and search (ai) are built on top of lang in that order.
//
// The benchmarks in this directory (bench_test.go) back the performance
// figures in the README.
package alfil
