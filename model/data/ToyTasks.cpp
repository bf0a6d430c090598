#include "model/data/ToyTasks.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <stdexcept>
#include <unordered_set>

#include "model/files/AtomicFile.h"

namespace studio::data {

namespace fs = std::filesystem;

namespace {

constexpr const char* kRecordName = "toy-task.json";
constexpr int kMaxLetters = 26, kMaxLength = 100;

// --- the letter tasks ---

std::string joined(const std::vector<char>& letters) {
  std::string text;
  for (char c : letters) {
    if (!text.empty()) text.push_back(' ');
    text.push_back(c);
  }
  return text;
}

// --- the phrases task: Vietnamese noun phrases put in English order ---
//
// A sentence is SUBJECT [không] VERB PHRASE [và PHRASE]. A Vietnamese noun
// phrase runs [number] classifier noun [adjective] [này|đó] ("hai con mèo đen
// này"); its English runs the other way round ("these two black cats"), with
// "a" or "an" chosen by the word that follows it, plurals, and verbs that
// agree with the subject ("he likes", "he does not like").

enum Kind { Animal = 1, Thing = 2, Fruit = 4 };

struct Subject {
  const char *vi, *en;
  bool third_singular;
};
const Subject kSubjects[] = {{"tôi", "I", false},    {"bạn", "you", false},      {"anh ấy", "he", true},
                             {"cô ấy", "she", true}, {"chúng tôi", "we", false}, {"họ", "they", false}};

struct Verb {
  const char *vi, *en, *en_third;
};
const Verb kVerbs[] = {{"thấy", "see", "sees"}, {"thích", "like", "likes"}, {"mua", "buy", "buys"},
                       {"có", "have", "has"},   {"cần", "need", "needs"},   {"vẽ", "draw", "draws"}};

struct Noun {
  const char *classifier, *vi, *en, *en_plural;
  Kind kind;
};
const Noun kNouns[] = {
    {"con", "mèo", "cat", "cats", Animal},           {"con", "chó", "dog", "dogs", Animal},
    {"con", "gà", "chicken", "chickens", Animal},    {"con", "cá", "fish", "fish", Animal},
    {"con", "chim", "bird", "birds", Animal},        {"con", "ngựa", "horse", "horses", Animal},
    {"con", "voi", "elephant", "elephants", Animal}, {"cái", "bàn", "table", "tables", Thing},
    {"cái", "ghế", "chair", "chairs", Thing},        {"cái", "cốc", "cup", "cups", Thing},
    {"quyển", "sách", "book", "books", Thing},       {"ngôi", "nhà", "house", "houses", Thing},
    {"chiếc", "xe", "car", "cars", Thing},           {"cây", "bút", "pen", "pens", Thing},
    {"cái", "ô", "umbrella", "umbrellas", Thing},    {"quả", "táo", "apple", "apples", Fruit},
    {"quả", "cam", "orange", "oranges", Fruit},      {"quả", "chuối", "banana", "bananas", Fruit},
};

struct Adjective {
  const char *vi, *en;
  int kinds;  // the nouns it goes with
};
// Vietnamese says "old" of an animal (già) and of a thing (cũ) in two words.
const Adjective kAdjectives[] = {
    {"đen", "black", Animal | Thing},
    {"trắng", "white", Animal | Thing},
    {"đỏ", "red", Thing | Fruit},
    {"to", "big", Animal | Thing | Fruit},
    {"nhỏ", "small", Animal | Thing | Fruit},
    {"đẹp", "beautiful", Animal | Thing | Fruit},
    {"già", "old", Animal},
    {"cũ", "old", Thing},
    {"mới", "new", Thing},
    {"ngon", "tasty", Fruit},
};

const char* const kNumbers[][2] = {{"hai", "two"}, {"ba", "three"}, {"bốn", "four"}, {"năm", "five"}};

bool startsWithVowel(const std::string& word) {
  return std::string("aeiou").find(word[0]) != std::string::npos;
}

template <class T, size_t N>
const T& pick(const T (&items)[N], std::mt19937_64& rng) {
  return items[std::uniform_int_distribution<size_t>(0, N - 1)(rng)];
}

// One noun phrase: its Vietnamese and its English.
std::pair<std::string, std::string> nounPhrase(std::mt19937_64& rng) {
  const Noun& noun = pick(kNouns, rng);
  std::vector<const Adjective*> fitting{nullptr};  // no adjective is one choice
  for (const auto& a : kAdjectives)
    if (a.kinds & noun.kind) fitting.push_back(&a);
  const Adjective* adjective = fitting[std::uniform_int_distribution<size_t>(0, fitting.size() - 1)(rng)];
  // Counted: none ("the cat"), one ("a cat"), or two to five; pointed at: none, này, đó.
  const int count = std::uniform_int_distribution<int>(0, 5)(rng);  // 0: none, 1: một, 2..5
  const int pointed = count == 1 ? 0 : std::uniform_int_distribution<int>(0, 2)(rng);
  std::string vi, en;
  if (count == 1) vi = "một ";
  if (count >= 2) vi = std::string(kNumbers[count - 2][0]) + " ";
  vi += std::string(noun.classifier) + " " + noun.vi;
  if (adjective) vi += std::string(" ") + adjective->vi;
  if (pointed) vi += pointed == 1 ? " này" : " đó";

  const bool plural = count >= 2;
  const std::string head = plural ? noun.en_plural : noun.en;
  const std::string described = adjective ? std::string(adjective->en) + " " + head : head;
  if (pointed)
    en = std::string(pointed == 1 ? (plural ? "these " : "this ") : (plural ? "those " : "that "));
  else if (count == 0)
    en = "the ";
  else if (count == 1)
    en = startsWithVowel(described) ? "an " : "a ";
  if (plural) en += std::string(kNumbers[count - 2][1]) + " ";
  en += described;
  return {vi, en};
}

std::pair<std::string, std::string> phrase(std::mt19937_64& rng) {
  const Subject& subject = pick(kSubjects, rng);
  const Verb& verb = pick(kVerbs, rng);
  const bool negated = std::bernoulli_distribution(0.25)(rng);
  std::string vi = std::string(subject.vi) + (negated ? " không " : " ") + verb.vi;
  std::string en = std::string(subject.en) + " ";
  if (negated)
    en += std::string(subject.third_singular ? "does not " : "do not ") + verb.en;
  else
    en += subject.third_singular ? verb.en_third : verb.en;
  const int phrases = std::bernoulli_distribution(0.2)(rng) ? 2 : 1;
  for (int k = 0; k < phrases; ++k) {
    const auto [object_vi, object_en] = nounPhrase(rng);
    vi += (k ? " và " : " ") + object_vi;
    en += (k ? " and " : " ") + object_en;
  }
  return {vi, en};
}

// One pair of a task.
std::pair<std::string, std::string> toyPair(const ToyCorpusOptions& o, std::mt19937_64& rng) {
  if (o.task == "phrases") return phrase(rng);
  const int length = std::uniform_int_distribution<int>(o.min_length, o.max_length)(rng);
  std::uniform_int_distribution<int> letter(0, o.letters - 1);
  std::vector<char> letters(size_t(length), 'a');
  for (char& c : letters) c = char('a' + letter(rng));
  const std::string source = joined(letters);
  if (o.task == "reverse") std::reverse(letters.begin(), letters.end());
  if (o.task == "sort") std::sort(letters.begin(), letters.end());
  return {source, joined(letters)};
}

}  // namespace

const std::vector<ToyTask>& toyTasks() {
  static const std::vector<ToyTask> tasks{
      {"reverse", "letters backwards (\"a c b\" -> \"b c a\"): cross-attention along the anti-diagonal"},
      {"copy", "letters as they are (\"a c b\" -> \"a c b\"): cross-attention along the diagonal"},
      {"sort",
       "letters in alphabetical order (\"c a b\" -> \"a b c\"): each output finds its letter "
       "wherever it stands"},
      {"phrases",
       "small Vietnamese sentences (\"tôi thấy hai con mèo đen này\" -> \"I see these two "
       "black cats\"): adjectives and this/that move, verbs agree with the subject"},
  };
  return tasks;
}

std::string checkToyCorpusOptions(const ToyCorpusOptions& o) {
  std::string names;
  bool known = false;
  for (const auto& task : toyTasks()) {
    names += (names.empty() ? "" : ", ") + task.name;
    known = known || task.name == o.task;
  }
  if (!known) return "task: no toy task '" + o.task + "' (tasks: " + names + ")";
  if (o.train_pairs < kMinimumPairsToSplit)
    return "train_pairs: at least " + std::to_string(kMinimumPairsToSplit) + ", got " +
           std::to_string(o.train_pairs);
  if (o.dev_pairs < 1 || o.test_pairs < 1) return "dev_pairs, test_pairs: at least 1 each";
  if (o.task == "phrases") return "";
  if (o.letters < 2 || o.letters > kMaxLetters)
    return "letters: from 2 to " + std::to_string(kMaxLetters) + ", got " + std::to_string(o.letters);
  if (o.min_length < 1 || o.min_length > o.max_length || o.max_length > kMaxLength)
    return "min_length, max_length: 1 <= min <= max <= " + std::to_string(kMaxLength) + ", got " +
           std::to_string(o.min_length) + " and " + std::to_string(o.max_length);
  return "";
}

ToyCorpus makeToyCorpus(const ToyCorpusOptions& o) {
  if (const auto problem = checkToyCorpusOptions(o); !problem.empty()) throw std::invalid_argument(problem);
  const size_t wanted = o.train_pairs + o.dev_pairs + o.test_pairs;
  // Draws until it has `wanted` distinct sources; a task whose sentences run
  // out first (few letters, short sentences) is refused rather than repeated.
  std::mt19937_64 rng(o.seed);
  std::unordered_set<std::string> seen;
  ParallelText all;
  size_t misses = 0;
  while (all.size() < wanted) {
    auto [source, target] = toyPair(o, rng);
    if (!seen.insert(source).second) {
      if (++misses > 20 * wanted + 1000)
        throw std::invalid_argument("the task '" + o.task + "' has fewer than " + std::to_string(wanted) +
                                    " distinct sentences with these options (found " +
                                    std::to_string(all.size()) +
                                    "): ask for fewer pairs, or longer sentences or more letters");
      continue;
    }
    all.src.push_back(std::move(source));
    all.tgt.push_back(std::move(target));
  }
  ToyCorpus corpus;
  const auto take = [&all](ParallelText& into, size_t first, size_t count) {
    into.src.assign(all.src.begin() + long(first), all.src.begin() + long(first + count));
    into.tgt.assign(all.tgt.begin() + long(first), all.tgt.begin() + long(first + count));
  };
  take(corpus.dev, 0, o.dev_pairs);
  take(corpus.test, o.dev_pairs, o.test_pairs);
  take(corpus.train, o.dev_pairs + o.test_pairs, o.train_pairs);
  return corpus;
}

nlohmann::json toyCorpusRecord(const ToyCorpusOptions& o, const ToyCorpus& corpus) {
  std::string description;
  for (const auto& task : toyTasks())
    if (task.name == o.task) description = task.description;
  nlohmann::json record{
      {"task", o.task},
      {"description", description},
      {"seed", o.seed},
      {"pairs", {{"train", corpus.train.size()}, {"dev", corpus.dev.size()}, {"test", corpus.test.size()}}},
      {"sentencepiece", {{"model_type", "bpe"}, {"vocab_size", toyVocabularySize(o)}}}};
  if (o.task != "phrases")
    record["letters"] = {{"alphabet", o.letters}, {"min_length", o.min_length}, {"max_length", o.max_length}};
  return record;
}

nlohmann::json writeToyCorpus(const ToyCorpusOptions& o, const std::string& folder_name) {
  const fs::path folder = fs::absolute(folder_name).lexically_normal();
  std::error_code ec;
  if (fs::exists(folder, ec)) {
    if (!fs::is_directory(folder, ec))
      throw CorpusError("the toy corpus folder '" + folder_name + "' is a file, not a folder");
    if (!fs::is_empty(folder, ec) && !fs::is_regular_file(folder / kRecordName, ec))
      throw CorpusError("the folder '" + folder_name + "' holds files that are not a toy corpus's (no " +
                        kRecordName + "): choose an empty or a new folder");
  }
  const ToyCorpus corpus = makeToyCorpus(o);
  const nlohmann::json record = toyCorpusRecord(o, corpus);
  model::RemovedUnlessKept staging(folder.string() + ".writing");
  fs::remove_all(staging.path(), ec);
  fs::create_directories(staging.path(), ec);
  if (ec) throw CorpusError("cannot create the folder '" + staging.path() + "': " + ec.message());
  writeParallel(staging.path(), "train", corpus.train);
  writeParallel(staging.path(), "dev", corpus.dev);
  writeParallel(staging.path(), "test", corpus.test);
  model::writeFileAtomically(staging.path() + "/" + kRecordName, record.dump(2) + "\n");
  fs::remove_all(folder, ec);  // a toy corpus's, or empty
  if (ec) throw CorpusError("cannot replace the toy corpus in '" + folder_name + "': " + ec.message());
  fs::rename(staging.path(), folder, ec);
  if (ec) throw CorpusError("cannot move the toy corpus into '" + folder_name + "': " + ec.message());
  staging.keep();
  return record;
}

std::optional<ToyCorpusInfo> toyCorpusAt(const std::string& folder) {
  std::ifstream in(fs::path(folder) / kRecordName);
  if (!in) return std::nullopt;
  const auto record = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (!record.is_object() || !record.contains("task") || !record["task"].is_string()) return std::nullopt;
  ToyCorpusInfo info;
  info.task = record["task"].get<std::string>();
  const auto& spm = record.value("sentencepiece", nlohmann::json::object());
  if (spm.is_object() && spm.value("vocab_size", nlohmann::json()).is_number_integer())
    info.vocab_size = spm["vocab_size"].get<int>();
  if (spm.is_object() && spm.value("model_type", nlohmann::json()).is_string())
    info.model_type = spm["model_type"].get<std::string>();
  return info;
}

int toyVocabularySize(const ToyCorpusOptions& o) {
  // Letters: "▁a" and "a" for each, and "▁", beside the 4 special pieces.
  // Phrases: every word whole from 340 pieces on (the merges to its ~120
  // words, and their letters); 400 leaves room for a seed's rarer words.
  return o.task == "phrases" ? 400 : 2 * o.letters + 5;
}

}  // namespace studio::data
