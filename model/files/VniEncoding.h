#pragma once

#include <cstddef>
#include <string>
#include <string_view>

// VNI (VNI for Windows, the VNI-Times family of fonts' encoding), the most
// used Vietnamese encoding after TCVN3 in old documents. Unlike the others it
// writes most letters as their ASCII letter and one byte for the marks above
// or below it, drawn over the letter by the font: "á" is "a" then 0xF9 ("ù"
// in Windows-1252), "ấ" is "a" then 0xE1 (circumflex and acute in one byte),
// a capital's mark is the capital of its byte ("Á" is "A" then 0xD9). Only ơ,
// ư, đ, the toned i's and ỵ are bytes of their own. What is not a letter is
// Windows-1252's (its punctuation from 0x80 to 0xBF; the twelve bytes from
// 0xC0 up that VNI gives no mark or letter, Ç and Ð among them, as
// Windows-1252 has them). No LibTorch here.
namespace studio::model::vni {

// The bytes as Unicode code points, each letter and its marks one precomposed
// letter. A mark that follows nothing it can sit on is a combining character
// (U+0302 circumflex, U+0306 breve, the five tone marks), as the font draws
// it. Throws std::runtime_error naming `name` and the line of one of the five
// bytes Windows-1252 does not define.
std::u32string decode(std::string_view bytes, const std::string& name);

// Appends `c` in VNI: a letter as its letter and mark bytes, a combining mark
// as its byte (a capital's when `previous` is a capital). False where VNI
// has no bytes for it.
bool append(std::string& out, char32_t c, char32_t previous);

// How the bytes read as VNI, for telling it from the other encodings: of the
// bytes from 0xC0 up (VNI's letters and marks; below them it has
// Windows-1252's punctuation), how many are VNI's letters or a mark on a
// letter it fits (a small letter's mark after a small letter, a capital's
// after a capital), and how many of those are marks (a letter of two bytes,
// which no other encoding writes); whether a byte is undefined, or a C0
// control other than tab and line ends is there.
struct Reading {
  size_t outside = 0;
  size_t letters = 0;
  size_t marks = 0;
  bool clean = true;
  std::u32string text;  // the bytes read, as decode() reads them
};
Reading read(std::string_view bytes);

}  // namespace studio::model::vni
