#include "model/files/Pickle.h"

#include <cstring>
#include <unordered_map>
#include <unordered_set>

namespace studio::model {

namespace {

using Kind = PickleValue::Kind;

bool isModuleClass(const std::string& global) {
  // "__torch__ Module" or "__torch__.___torch_mangle_12 Module": a class the
  // archive's own code declares (TorchArchive checks what that code says).
  const std::string prefix = "__torch__", mangle = ".___torch_mangle_", suffix = " Module";
  if (global.size() < prefix.size() + suffix.size() || global.compare(0, prefix.size(), prefix) != 0 ||
      global.compare(global.size() - suffix.size(), suffix.size(), suffix) != 0)
    return false;
  const std::string middle = global.substr(prefix.size(), global.size() - prefix.size() - suffix.size());
  if (middle.empty()) return true;
  if (middle.compare(0, mangle.size(), mangle) != 0 || middle.size() == mangle.size() || middle.size() > mangle.size() + 9)
    return false;
  for (size_t i = mangle.size(); i < middle.size(); ++i)
    if (middle[i] < '0' || middle[i] > '9') return false;
  return true;
}

const std::unordered_set<std::string>& storageTypes() {
  static const std::unordered_set<std::string> types = {
      "FloatStorage", "DoubleStorage", "HalfStorage", "BFloat16Storage", "LongStorage", "IntStorage",
      "ShortStorage", "CharStorage",  "ByteStorage", "BoolStorage"};
  return types;
}

const std::unordered_set<std::string>& typedListBuilders() {
  static const std::unordered_set<std::string> names = {
      "torch.jit._pickle build_intlist",    "torch.jit._pickle build_doublelist",
      "torch.jit._pickle build_boollist",   "torch.jit._pickle build_tensorlist",
      "torch.jit._pickle build_genericlist"};
  return names;
}

}  // namespace

const PickleValue* PickleValue::attribute(const std::string& name) const {
  if (kind != Kind::Object && kind != Kind::Dict) return nullptr;
  for (size_t i = 0; i + 1 < items.size(); i += 2)
    if (items[i]->kind == Kind::String && items[i]->text == name) return items[i + 1];
  return nullptr;
}

PickleValue* Pickle::make(Kind kind) {
  arena_.push_back(std::make_unique<PickleValue>());
  arena_.back()->kind = kind;
  return arena_.back().get();
}

Pickle::Pickle(const std::string& bytes, const std::string& what) {
  auto bad = [&](const std::string& why, size_t at) -> void {
    throw ArchiveFormatError(what + ": " + why + " at byte " + std::to_string(at));
  };
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  const size_t size = bytes.size();
  size_t pos = 0, op_at = 0;
  auto need = [&](size_t n) {
    if (size - pos < n) bad("the pickle ends early", op_at);
  };
  auto unsignedLe = [&](size_t n) {
    need(n);
    uint64_t value = 0;
    for (size_t i = 0; i < n; ++i) value |= uint64_t(data[pos + i]) << (8 * i);
    pos += n;
    return value;
  };

  std::vector<PickleValue*> stack;
  std::vector<size_t> marks;
  std::unordered_map<uint64_t, PickleValue*> memo;
  auto pop = [&]() {
    if (stack.empty() || (!marks.empty() && stack.size() <= marks.back())) bad("an empty stack", op_at);
    auto* top = stack.back();
    stack.pop_back();
    return top;
  };
  auto top = [&]() -> PickleValue* {
    if (stack.empty() || (!marks.empty() && stack.size() <= marks.back())) bad("an empty stack", op_at);
    return stack.back();
  };
  auto popMark = [&]() {
    if (marks.empty()) bad("no mark", op_at);
    const size_t mark = marks.back();
    marks.pop_back();
    std::vector<PickleValue*> items(stack.begin() + std::ptrdiff_t(mark), stack.end());
    stack.resize(mark);
    return items;
  };
  auto tuple = [&](std::vector<PickleValue*> items) {
    auto* t = make(Kind::Tuple);
    t->items.assign(items.begin(), items.end());
    return t;
  };
  auto line = [&]() {
    const void* end = std::memchr(data + pos, '\n', size - pos);
    if (!end) bad("a line without its end", op_at);
    const size_t n = size_t(static_cast<const unsigned char*>(end) - (data + pos));
    std::string text(bytes, pos, n);
    pos += n + 1;
    return text;
  };
  auto intsOf = [&](const PickleValue* v, std::vector<int64_t>& out) {
    if (v->kind != Kind::Tuple || v->items.size() > kMaxTensorDims) bad("a tensor shape that is no short tuple", op_at);
    for (const auto* item : v->items) {
      if (item->kind != Kind::Int || item->integer < 0) bad("a tensor shape with a negative or non-integer size", op_at);
      out.push_back(item->integer);
    }
  };
  auto rebuildTensor = [&](const PickleValue* args) {
    if (args->kind != Kind::Tuple || args->items.size() < 4 || args->items.size() > 6)
      bad("a tensor with the wrong arguments", op_at);
    auto* t = make(Kind::Tensor);
    const auto* storage = args->items[0];
    const auto* offset = args->items[1];
    if (storage->kind != Kind::Storage) bad("a tensor without a storage", op_at);
    if (offset->kind != Kind::Int || offset->integer < 0) bad("a tensor with a bad storage offset", op_at);
    t->items.push_back(storage);
    t->offset = offset->integer;
    intsOf(args->items[2], t->sizes);
    intsOf(args->items[3], t->strides);
    if (t->sizes.size() != t->strides.size()) bad("a tensor whose sizes and strides differ in length", op_at);
    if (args->items.size() > 4) {
      if (args->items[4]->kind != Kind::Bool) bad("a tensor with a bad requires_grad", op_at);
      t->requires_grad = args->items[4]->boolean;
    }
    // Every element must lie inside the storage: offset + sum((size-1)*stride) < elements.
    int64_t last = t->offset, elements = 1;
    for (size_t d = 0; d < t->sizes.size(); ++d) {
      int64_t reach = 0;
      if (__builtin_mul_overflow(t->sizes[d], elements, &elements)) bad("a tensor with too many elements", op_at);
      if (t->sizes[d] > 0 && (__builtin_mul_overflow(t->sizes[d] - 1, t->strides[d], &reach) ||
                              __builtin_add_overflow(last, reach, &last)))
        bad("a tensor with too many elements", op_at);
    }
    if (elements > 0 && last >= storage->integer) bad("a tensor reaching past the end of its storage", op_at);
    return t;
  };

  need(2);
  if (data[0] != 0x80 || data[1] > 2) bad("not a protocol 2 pickle", 0);
  pos = 2;
  while (true) {
    op_at = pos;
    need(1);
    const unsigned char op = data[pos++];
    switch (op) {
      case 0x80: unsignedLe(1); break;  // PROTO again: harmless
      case '(': marks.push_back(stack.size()); break;
      case 'N': stack.push_back(make(Kind::None)); break;
      case 0x88: case 0x89: {
        auto* v = make(Kind::Bool);
        v->boolean = op == 0x88;
        stack.push_back(v);
        break;
      }
      case 'K': case 'M': case 'J': {
        auto* v = make(Kind::Int);
        const uint64_t raw = unsignedLe(op == 'K' ? 1 : op == 'M' ? 2 : 4);
        v->integer = op == 'J' ? int64_t(int32_t(uint32_t(raw))) : int64_t(raw);
        stack.push_back(v);
        break;
      }
      case 0x8a: {  // LONG1: n little-endian two's-complement bytes
        const uint64_t n = unsignedLe(1);
        if (n > 8) bad("an integer wider than 64 bits", op_at);
        uint64_t raw = n ? unsignedLe(size_t(n)) : 0;
        if (n > 0 && n < 8 && (raw >> (8 * n - 1)) & 1) raw |= ~uint64_t(0) << (8 * n);
        auto* v = make(Kind::Int);
        v->integer = int64_t(raw);
        stack.push_back(v);
        break;
      }
      case 'G': {  // BINFLOAT: big-endian IEEE double
        need(8);
        uint64_t raw = 0;
        for (int i = 0; i < 8; ++i) raw = (raw << 8) | data[pos + size_t(i)];
        pos += 8;
        auto* v = make(Kind::Double);
        std::memcpy(&v->real, &raw, sizeof raw);
        stack.push_back(v);
        break;
      }
      case 'X': {
        const uint64_t n = unsignedLe(4);
        need(size_t(n));
        auto* v = make(Kind::String);
        v->text.assign(bytes, pos, size_t(n));
        pos += size_t(n);
        stack.push_back(v);
        break;
      }
      case 'c': {
        auto* v = make(Kind::Global);
        v->text = line();
        v->text += ' ' + line();
        if (!isModuleClass(v->text) && v->text != "torch._utils _rebuild_tensor_v2" &&
            v->text != "collections OrderedDict" && !typedListBuilders().count(v->text) &&
            v->text != "torch.jit._pickle restore_type_tag" &&
            !(v->text.compare(0, 6, "torch ") == 0 && storageTypes().count(v->text.substr(6))))
          bad("a global this program does not load ('" + v->text + "')", op_at);
        stack.push_back(v);
        break;
      }
      case 'q': memo[unsignedLe(1)] = top(); break;
      case 'r': memo[unsignedLe(4)] = top(); break;
      case 'h': case 'j': {
        const auto it = memo.find(unsignedLe(op == 'h' ? 1 : 4));
        if (it == memo.end()) bad("a reference to nothing", op_at);
        stack.push_back(it->second);
        break;
      }
      case ')': stack.push_back(make(Kind::Tuple)); break;
      case 't': stack.push_back(tuple(popMark())); break;
      case 0x85: case 0x86: case 0x87: {
        std::vector<PickleValue*> items(size_t(op - 0x84));
        for (size_t i = items.size(); i-- > 0;) items[i] = pop();
        stack.push_back(tuple(items));
        break;
      }
      case ']': stack.push_back(make(Kind::List)); break;
      case '}': stack.push_back(make(Kind::Dict)); break;
      case 'a': {
        auto* item = pop();
        auto* list = top();
        if (list->kind != Kind::List) bad("APPEND to something that is no list", op_at);
        list->items.push_back(item);
        break;
      }
      case 'e': {
        const auto items = popMark();
        auto* list = top();
        if (list->kind != Kind::List) bad("APPENDS to something that is no list", op_at);
        list->items.insert(list->items.end(), items.begin(), items.end());
        break;
      }
      case 's': case 'u': {
        std::vector<PickleValue*> items;
        if (op == 'u') {
          items = popMark();
        } else {
          auto* value = pop();
          items = {pop(), value};
        }
        auto* dict = top();
        if (dict->kind != Kind::Dict || items.size() % 2) bad("SETITEMS to something that is no dict", op_at);
        dict->items.insert(dict->items.end(), items.begin(), items.end());
        break;
      }
      case 'Q': {  // BINPERSID: ('storage', torch.XStorage, key, location, elements)
        const auto* id = pop();
        if (id->kind != Kind::Tuple || id->items.size() != 5 || id->items[0]->kind != Kind::String ||
            id->items[0]->text != "storage" || id->items[1]->kind != Kind::Global ||
            id->items[1]->text.compare(0, 6, "torch ") != 0 || id->items[2]->kind != Kind::String ||
            id->items[3]->kind != Kind::String || id->items[4]->kind != Kind::Int || id->items[4]->integer < 0)
          bad("a persistent id that is no storage", op_at);
        auto* s = make(Kind::Storage);
        s->type = id->items[1]->text.substr(6);
        if (!storageTypes().count(s->type)) bad("a storage of type '" + s->type + "'", op_at);
        s->text = "data/" + id->items[2]->text;
        s->integer = id->items[4]->integer;
        stack.push_back(s);
        break;
      }
      case 'R': {
        const auto* args = pop();
        const auto* callable = pop();
        if (callable->kind != Kind::Global || args->kind != Kind::Tuple) bad("REDUCE of something not callable", op_at);
        if (callable->text == "torch._utils _rebuild_tensor_v2") {
          stack.push_back(rebuildTensor(args));
        } else if (callable->text == "collections OrderedDict" && args->items.empty()) {
          stack.push_back(make(Kind::Dict));
        } else if (typedListBuilders().count(callable->text) && args->items.size() == 1 &&
                   args->items[0]->kind == Kind::List) {
          stack.push_back(const_cast<PickleValue*>(args->items[0]));
        } else if (callable->text == "torch.jit._pickle restore_type_tag" && args->items.size() == 2) {
          stack.push_back(const_cast<PickleValue*>(args->items[0]));
        } else {
          bad("REDUCE of '" + callable->text + "' with these arguments", op_at);
        }
        break;
      }
      case 0x81: {  // NEWOBJ of a module class, then BUILD with its attributes
        const auto* args = pop();
        const auto* cls = pop();
        if (cls->kind != Kind::Global || !isModuleClass(cls->text) || args->kind != Kind::Tuple || !args->items.empty())
          bad("NEWOBJ of something that is no module class", op_at);
        auto* object = make(Kind::Object);
        object->text = cls->text.substr(0, cls->text.size() - 7) + ".Module";
        stack.push_back(object);
        break;
      }
      case 'b': {
        const auto* state = pop();
        auto* object = top();
        if (object->kind != Kind::Object || !object->items.empty() || state->kind != Kind::Dict)
          bad("BUILD of something that is no new module", op_at);
        for (size_t i = 0; i < state->items.size(); i += 2)
          if (state->items[i]->kind != Kind::String) bad("a module attribute whose name is no string", op_at);
        object->items = state->items;
        break;
      }
      case '.': {
        if (stack.size() != 1 || !marks.empty()) bad("STOP with " + std::to_string(stack.size()) + " values left", op_at);
        if (pos != size) bad("bytes after the end of the pickle", op_at);
        root_ = stack.back();
        break;
      }
      default: bad("an opcode this program does not read (" + std::to_string(op) + ")", op_at);
    }
    if (root_) break;
  }

  // Values may be shared, never circular, and not nested without end.
  std::unordered_map<const PickleValue*, int> state;  // 1 = on the path, 2 = done
  auto visit = [&](auto&& self, const PickleValue* v, size_t depth) -> void {
    if (depth > kMaxPickleDepth) bad("values nested deeper than " + std::to_string(kMaxPickleDepth), size);
    int& s = state[v];
    if (s == 2) return;
    if (s == 1) bad("a value that contains itself", size);
    s = 1;
    for (const auto* item : v->items) self(self, item, depth + 1);
    state[v] = 2;
  };
  visit(visit, root_, 0);
}

}  // namespace studio::model
