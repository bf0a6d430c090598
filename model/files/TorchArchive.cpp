#include "model/files/TorchArchive.h"

#include <filesystem>
#include <map>
#include <unordered_map>
#include <unordered_set>

#include <ATen/ATen.h>
#include <caffe2/serialize/versions.h>

namespace studio::model {

namespace {

using Kind = PickleValue::Kind;

[[noreturn]] void archiveError(const std::string& what) { throw ArchiveFormatError(what); }

at::ScalarType scalarTypeOf(const std::string& storage_type) {
  static const std::unordered_map<std::string, at::ScalarType> types = {
      {"FloatStorage", at::kFloat}, {"DoubleStorage", at::kDouble}, {"HalfStorage", at::kHalf},
      {"BFloat16Storage", at::kBFloat16}, {"LongStorage", at::kLong}, {"IntStorage", at::kInt},
      {"ShortStorage", at::kShort}, {"CharStorage", at::kChar}, {"ByteStorage", at::kByte},
      {"BoolStorage", at::kBool}};
  const auto it = types.find(storage_type);
  if (it == types.end()) archiveError("a storage of type '" + storage_type + "'");
  return it->second;
}

// Every value reachable from `v`, once each (the Pickle reader has refused
// cycles and deep nesting).
void collect(const PickleValue* v, std::unordered_set<const PickleValue*>& seen) {
  if (!seen.insert(v).second) return;
  for (const auto* item : v->items) collect(item, seen);
}

// LibTorch reads an archive's format version as std::stoull does (after any
// line breaks, the digits up to the next one) and refuses one outside the
// range it knows by throwing from its zip reader's constructor, which leaks
// that reader's state; so the number is read and its range checked here.
void requireKnownFormatVersion(const std::string& text, const std::string& name) {
  const size_t start = text.find_first_not_of('\n');
  const size_t end = start == std::string::npos ? std::string::npos : text.find('\n', start);
  const std::string digits = start == std::string::npos ? "" : text.substr(start, end - start);
  if (digits.empty() || text.find_first_not_of("0123456789\n") != std::string::npos)
    archiveError("a bad '" + name + "' record (no version number)");
  const uint64_t version = digits.size() > 3 ? UINT64_MAX : std::stoull(digits);
  if (version < caffe2::serialize::kMinSupportedFileFormatVersion ||
      version > caffe2::serialize::kMaxSupportedFileFormatVersion)
    archiveError("file format version " + (digits.size() > 3 ? digits.substr(0, 3) + "..." : digits) +
                 " in '" + name + "', which LibTorch does not read (it reads " +
                 std::to_string(caffe2::serialize::kMinSupportedFileFormatVersion) + " to " +
                 std::to_string(caffe2::serialize::kMaxSupportedFileFormatVersion) + ")");
}

bool isIdentifier(const std::string& s) {
  if (s.empty() || s.size() > 256 || (s[0] >= '0' && s[0] <= '9')) return false;
  for (char c : s)
    if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))) return false;
  return true;
}

// A type annotation of the archive's code: the builtin types, Tuple, List,
// Optional and Dict of them, and module classes. Returns false otherwise.
bool isTypeExpression(const std::string& type) {
  static const std::unordered_set<std::string> words = {"str",   "int",  "float", "bool",     "Tensor",
                                                        "Tuple", "List", "Dict",  "Optional", "NoneType"};
  int depth = 0;
  std::string word;
  auto wordOk = [&] {
    if (word.empty()) return true;
    if (words.count(word)) return true;
    // __torch__.Module or __torch__.___torch_mangle_N.Module
    const std::string prefix = "__torch__.", suffix = "Module";
    if (word.compare(0, prefix.size(), prefix) != 0 || word.size() < prefix.size() + suffix.size() ||
        word.compare(word.size() - suffix.size(), suffix.size(), suffix) != 0)
      return false;
    const std::string middle = word.substr(prefix.size(), word.size() - prefix.size() - suffix.size());
    // "" or "___torch_mangle_<digits>."
    const std::string mangle = "___torch_mangle_";
    if (middle.empty()) return true;
    if (middle.size() < mangle.size() + 2 || middle.size() > mangle.size() + 10 ||
        middle.compare(0, mangle.size(), mangle) != 0 || middle.back() != '.')
      return false;
    for (size_t i = mangle.size(); i + 1 < middle.size(); ++i)
      if (middle[i] < '0' || middle[i] > '9') return false;
    return true;
  };
  for (char c : type) {
    if (c == '[' || c == ']' || c == ',' || c == ' ') {
      if (!wordOk()) return false;
      word.clear();
      depth += c == '[' ? 1 : c == ']' ? -1 : 0;
      if (depth < 0 || depth > 8) return false;
    } else {
      word += c;
    }
  }
  return depth == 0 && wordOk() && !type.empty();
}

// A line of the archive's code, as LibTorch writes a module class:
//   class Module(Module):
//     __parameters__ = ["weight", "bias", ]
//     __buffers__ = []
//     __annotations__ = []
//     __annotations__["params/0"] = str
//     name : TYPE
// Anything else (a def, an import of something, an expression) is refused.
void requireDeclarationLine(const std::string& line, const std::string& file, size_t number) {
  auto refuse = [&] {
    archiveError("code file '" + file + "' line " + std::to_string(number) + " is not a plain class declaration");
  };
  if (line.empty()) return;
  if (line.compare(0, 6, "class ") == 0) {
    const auto open = line.find('(');
    if (open == std::string::npos || !isIdentifier(line.substr(6, open - 6)) ||
        line.compare(open, std::string::npos, "(Module):") != 0)
      refuse();
    return;
  }
  if (line.compare(0, 2, "  ") != 0) refuse();
  const std::string body = line.substr(2);
  for (const std::string list : {"__parameters__ = [", "__buffers__ = ["}) {
    if (body.compare(0, list.size(), list) != 0) continue;
    // "name", "name", ]  — names in quotes without escapes.
    size_t pos = list.size();
    while (pos < body.size() && body[pos] == '"') {
      const auto close = body.find('"', pos + 1);
      if (close == std::string::npos || body.find('\\', pos) < close || body.compare(close, 3, "\", ") != 0) refuse();
      pos = close + 3;
    }
    if (body.compare(pos, std::string::npos, "]") != 0) refuse();
    return;
  }
  if (body == "__annotations__ = []") return;
  std::string type;
  if (body.compare(0, 17, "__annotations__[\"") == 0) {
    const auto close = body.find("\"] = ", 17);
    if (close == std::string::npos || body.find('"', 17) != close || body.find('\\', 17) < close) refuse();
    type = body.substr(close + 5);
  } else {
    const auto colon = body.find(" : ");
    if (colon == std::string::npos || !isIdentifier(body.substr(0, colon))) refuse();
    type = body.substr(colon + 3);
  }
  if (!isTypeExpression(type)) refuse();
}

}  // namespace

TorchArchive::TorchArchive(const std::string& path) {
  std::error_code ec;
  file_size_ = std::filesystem::file_size(path, ec);
  if (ec) throw std::runtime_error(ec.message());
  file_.open(path, std::ios::binary);
  if (!file_) throw std::runtime_error("cannot be opened");
  zip_ = std::make_unique<ZipDirectory>(file_, file_size_);
  if (const auto* order = zip_->find("byteorder")) {
    if (zip_->read(file_, "byteorder", 16) != "little" || order->size != 6) archiveError("a big-endian archive");
  }
  pickle_ = std::make_unique<Pickle>(zip_->read(file_, "data.pkl", kMaxPickleBytes), "data.pkl");
  if (pickle_->root().kind != Kind::Object) archiveError("data.pkl holds no module");

  // Every storage: its record exists and is exactly as large as its elements;
  // one record is never two storages of different types or sizes.
  std::unordered_set<const PickleValue*> values;
  collect(&pickle_->root(), values);
  std::map<std::string, const PickleValue*> storages;
  for (const auto* v : values) {
    if (v->kind != Kind::Storage) continue;
    const auto [it, fresh] = storages.emplace(v->text, v);
    if (!fresh && (it->second->type != v->type || it->second->integer != v->integer))
      archiveError("record '" + v->text + "' is used as two different storages");
    const auto* entry = zip_->find(v->text);
    if (!entry) archiveError("no record '" + v->text + "' for a tensor");
    if (entry->deflated) archiveError("record '" + v->text + "' is deflated (LibTorch stores tensors)");
    const int64_t item = int64_t(c10::elementSize(scalarTypeOf(v->type)));
    int64_t bytes = 0;
    if (__builtin_mul_overflow(v->integer, item, &bytes) || uint64_t(bytes) != entry->size)
      archiveError("record '" + v->text + "' holds " + std::to_string(entry->size) + " bytes, its tensor needs " +
          std::to_string(v->integer) + " × " + std::to_string(item));
  }
}

at::Tensor TorchArchive::readTensor(const PickleValue& tensor) {
  if (tensor.kind != Kind::Tensor || tensor.items.size() != 1) archiveError("not a tensor");
  const PickleValue& storage = *tensor.items[0];
  const auto* entry = zip_->find(storage.text);  // checked by the constructor
  auto data = at::empty({storage.integer}, at::TensorOptions().dtype(scalarTypeOf(storage.type)));
  if (entry->size > 0) {
    file_.clear();
    file_.seekg(std::streamoff(entry->offset));
    file_.read(static_cast<char*>(data.data_ptr()), std::streamsize(entry->size));
    if (!file_ || uint64_t(file_.gcount()) != entry->size) archiveError("cannot read record '" + storage.text + "'");
  }
  if (crc32(data.data_ptr(), entry->size) != entry->crc32) archiveError("record '" + storage.text + "' fails its CRC-32 check");
  return data.as_strided(tensor.sizes, tensor.strides, tensor.offset).clone();
}

void TorchArchive::requireLoadableByLibTorch() {
  for (const auto& named : zip_->entries()) {
    const std::string& name = named.first;
    const auto ends = [&](const std::string& suffix) {
      return name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
    };
    if (name.compare(0, 5, "code/") == 0 && ends(".py")) {
      const std::string text = zip_->read(file_, name, kMaxPickleBytes);
      size_t start = 0, number = 1;
      while (start < text.size()) {
        auto end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        requireDeclarationLine(text.substr(start, end - start), name, number++);
        start = end + 1;
      }
    } else if (ends(".debug_pkl")) {
      Pickle(zip_->read(file_, name, kMaxPickleBytes), name);
    } else if (name == "constants.pkl") {
      const Pickle constants(zip_->read(file_, name, kMaxPickleBytes), name);
      if (constants.root().kind != Kind::Tuple || !constants.root().items.empty())
        archiveError("constants.pkl is not empty (this program's archives have no constants)");
    } else if (name == "version" || name == ".data/version") {
      requireKnownFormatVersion(zip_->read(file_, name, 16), name);
    }
  }
  if (!zip_->find("version")) archiveError("no 'version' record");
  // Objects: every class the pickle names is declared by the code.
  std::unordered_set<const PickleValue*> values;
  collect(&pickle_->root(), values);
  for (const auto* v : values) {
    if (v->kind != Kind::Object) continue;
    std::string file = v->text.substr(0, v->text.size() - 7);  // drop ".Module"
    for (auto& c : file)
      if (c == '.') c = '/';
    if (!zip_->find("code/" + file + ".py")) archiveError("no code declares the class '" + v->text + "'");
  }
}

}  // namespace studio::model
