#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "model/files/ZipDirectory.h"

// A strict reader of the pickles inside LibTorch archives (data.pkl,
// constants.pkl, *.debug_pkl) as LibTorch's C++ writer makes them: protocol
// 2, the opcodes that writer uses, and no global but the few it names
// (TorchScript module classes, tensor rebuilding, storage types, typed
// lists). It builds values, it never calls anything: a pickle that asks for
// another global, an unknown opcode, a reference to nothing or a cycle is an
// ArchiveFormatError. Every value lives in the reader's arena, so sharing
// (one tensor referred to twice) costs nothing and a cycle cannot leak.
namespace studio::model {

struct PickleValue {
  enum class Kind { None, Bool, Int, Double, String, Tuple, List, Dict, Object, Tensor, Storage, Global };
  Kind kind = Kind::None;
  bool boolean = false;
  int64_t integer = 0;  // Int; a Storage's element count
  double real = 0;
  // String: the text. Object: its class ("__torch__.___torch_mangle_3.Module").
  // Global: "module name". Storage: its record ("data/3"), with its type in `type`.
  std::string text, type;
  // Tuple, List: the items. Dict: keys and values alternating. Object: its
  // attributes the same way (keys are Strings). Tensor: [storage].
  std::vector<const PickleValue*> items;
  // Tensor: where in its storage (elements), its sizes and strides.
  int64_t offset = 0;
  std::vector<int64_t> sizes, strides;
  bool requires_grad = false;

  // An Object's or a Dict's value under a String key; nullptr when absent.
  const PickleValue* attribute(const std::string& name) const;
};

class Pickle {
 public:
  // Reads `bytes` (a whole pickle). `what` names it in errors.
  Pickle(const std::string& bytes, const std::string& what);
  Pickle(const Pickle&) = delete;
  Pickle& operator=(const Pickle&) = delete;

  const PickleValue& root() const { return *root_; }

 private:
  PickleValue* make(PickleValue::Kind kind);
  std::vector<std::unique_ptr<PickleValue>> arena_;
  const PickleValue* root_ = nullptr;
};

// Limits before allocating: nesting of values, and a tensor's dimensions.
inline constexpr size_t kMaxPickleDepth = 256;
inline constexpr size_t kMaxTensorDims = 16;

}  // namespace studio::model
