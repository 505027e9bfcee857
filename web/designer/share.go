package designer

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"fmt"
	"io"
)

// MaxShared bounds the text a shared link's code unpacks to (docs/
// architecture.md § The variant designer): a code is a link anyone can
// make, and deflate packs a megabyte of one letter into a few hundred
// bytes.
const MaxShared = 1 << 20

// Share packs a variant's text into a code for a link: deflate, then
// base64 without padding in the URL's alphabet.
func Share(text string) string {
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression) // the level is valid
	w.Write([]byte(text))
	w.Close()
	return base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// Unshare unpacks a code Share made.
func Unshare(code string) (string, error) {
	packed, err := base64.RawURLEncoding.DecodeString(code)
	if err != nil {
		return "", fmt.Errorf("designer: the link's code is not base64url: %w", err)
	}
	r := flate.NewReader(bytes.NewReader(packed))
	text, err := io.ReadAll(io.LimitReader(r, MaxShared+1))
	if err != nil {
		return "", fmt.Errorf("designer: the link's code does not unpack: %w", err)
	}
	if len(text) > MaxShared {
		return "", fmt.Errorf("designer: the link's code unpacks to more than %d bytes", MaxShared)
	}
	return string(text), nil
}
