#include "model/files/ModelFile.h"

#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>
#include <random>
#include <sstream>

#include <nlohmann/json.hpp>
#include <torch/serialize/input-archive.h>
#include <torch/serialize/output-archive.h>

#include "model/files/AtomicFile.h"
#include "model/files/Hash.h"
#include "model/files/TorchArchive.h"

namespace studio::model {

namespace fs = std::filesystem;

namespace {

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw ModelFileError("model file '" + path + "': " + what);
}

std::string shapeString(const std::vector<int64_t>& sizes) {
  std::ostringstream out;
  out << c10::IntArrayRef(sizes);
  return out.str();
}

// A 64-bit checksum over the options text and every tensor's bytes, in the
// module's registration order. LibTorch's zip reader does not verify its CRCs,
// so without this a file with flipped bytes could load different weights.
void addTensor(Hash64& hash, const torch::Tensor& tensor) {
  auto cpu = tensor.detach().to(torch::kCPU).contiguous();
  hash.add(cpu.data_ptr(), static_cast<size_t>(cpu.numel()) * cpu.element_size());
}

std::string checksumOf(torch::nn::Module& module, const std::string& options_text) {
  Hash64 sum;
  sum.add(options_text);
  for (const auto& p : module.named_parameters(/*recurse=*/true)) addTensor(sum, p.value());
  for (const auto& b : module.named_buffers(/*recurse=*/true)) addTensor(sum, b.value());
  return sum.hex();
}

void writeModule(const torch::nn::Module& module, torch::serialize::OutputArchive& archive) {
  // Tensors are written from the CPU so that a file made on a GPU loads anywhere.
  for (const auto& p : module.named_parameters(/*recurse=*/false))
    archive.write(p.key(), p.value().to(torch::kCPU));
  for (const auto& b : module.named_buffers(/*recurse=*/false))
    archive.write(b.key(), b.value().to(torch::kCPU), /*is_buffer=*/true);
  for (const auto& child : module.named_children()) {
    torch::serialize::OutputArchive child_archive(archive.compilation_unit());
    writeModule(*child.value(), child_archive);
    archive.write(child.key(), child_archive);
  }
}

// Reads every tensor `module` expects from the archive's tree, checking names,
// shapes and types before reading any values; copies into the module only
// what was checked. `prefix` names the place for errors.
void readModule(torch::nn::Module& module, TorchArchive& archive, const PickleValue& node,
                const std::string& prefix, const std::string& path) {
  auto readTensors = [&](auto&& named, bool is_buffer) {
    for (auto& item : named) {
      const std::string name = prefix + item.key();
      const PickleValue* stored = node.attribute(item.key());
      if (!stored || stored->kind != PickleValue::Kind::Tensor)
        fail(path, std::string(is_buffer ? "buffer" : "parameter") + " '" + name + "' is missing");
      if (!item.value().sizes().equals(stored->sizes))
        fail(path, "'" + name + "' has shape " + shapeString(stored->sizes) + " but the model's options need " +
                       shapeString(item.value().sizes().vec()));
      auto values = archive.readTensor(*stored);
      if (values.scalar_type() != item.value().scalar_type()) fail(path, "'" + name + "' has an unexpected type");
      torch::NoGradGuard no_grad;
      item.value().copy_(values);
    }
  };
  readTensors(module.named_parameters(/*recurse=*/false), false);
  readTensors(module.named_buffers(/*recurse=*/false), true);
  for (auto& child : module.named_children()) {
    const PickleValue* child_node = node.attribute(child.key());
    if (!child_node || child_node->kind != PickleValue::Kind::Object)
      fail(path, "module '" + prefix + child.key() + "' is missing");
    readModule(*child.value(), archive, *child_node, prefix + child.key() + ".", path);
  }
}

const std::string& stringEntry(const PickleValue& root, const char* name, const std::string& path) {
  const PickleValue* value = root.attribute(name);
  if (!value || value->kind != PickleValue::Kind::String) fail(path, std::string("no '") + name + "' entry");
  return value->text;
}

TransformerOptions readOptions(const PickleValue& root, const std::string& path) {
  const PickleValue* format = root.attribute("format");
  if (!format || format->kind != PickleValue::Kind::String || format->text != kModelFormat)
    fail(path, "not an Attention Studio model (no 'format' entry)");
  const PickleValue* version = root.attribute("format_version");
  if (!version || version->kind != PickleValue::Kind::Int) fail(path, "no 'format_version' entry");
  if (version->integer > kModelFormatVersion)
    fail(path, "format version " + std::to_string(version->integer) + " is newer than this program reads (" +
                   std::to_string(kModelFormatVersion) + ")");
  const std::string& options = stringEntry(root, "options", path);
  try {
    auto parsed = transformerOptionsFromJson(nlohmann::json::parse(options));
    parsed.validate();
    return parsed;
  } catch (const std::exception& e) {
    fail(path, std::string("bad options: ") + e.what());
  }
}

// The bytes of float32 weights the options need at the least: embeddings, the
// positional table and the attention and feed-forward matrices (no biases or
// norms). The options are read from the file before any tensor: a file that
// claims a model bigger than itself would otherwise make us allocate it.
// Computed in floating point so that no product of stored numbers overflows.
double minimumWeightBytes(const TransformerOptions& o) {
  const double d = double(o.d_model), ff = double(o.d_ff);
  const double per_encoder_layer = 4 * d * d + 2 * d * ff;
  const double per_decoder_layer = 8 * d * d + 2 * d * ff;
  return 4.0 * (double(o.vocab_size) * d + double(o.max_length) * d +
                double(o.encoder_layers) * per_encoder_layer + double(o.decoder_layers) * per_decoder_layer);
}

void requireWeightsFit(const TransformerOptions& options, const std::string& path) {
  std::error_code ec;
  const auto file_bytes = fs::file_size(path, ec);
  const double needed = minimumWeightBytes(options);
  if (ec || needed > double(file_bytes)) {
    std::ostringstream text;
    text.precision(3);
    text << "its options describe a model of at least " << needed / (1 << 20) << " MiB of weights, but the file holds "
         << double(file_bytes) / (1 << 20) << " MiB (truncated, or options that were changed)";
    fail(path, text.str());
  }
}

// Opens `path` with our own archive reader (model/files/TorchArchive.h).
std::unique_ptr<TorchArchive> openArchive(const std::string& path) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) fail(path, "no such file");
  try {
    return std::make_unique<TorchArchive>(path);
  } catch (const std::exception& e) {
    fail(path, std::string("cannot be read as a LibTorch archive (truncated or corrupt?): ") + e.what());
  }
}

}  // namespace

void saveModel(Transformer& model, const std::string& path) { saveModel(model, path, ArchiveWriter()); }

void readModelArchive(const std::string& path,
                      const std::function<void(torch::serialize::InputArchive&)>& read) {
  // LibTorch's loader is given only what our reader has checked: no code that
  // would run, nothing outside the file.
  try {
    openArchive(path)->requireLoadableByLibTorch();
  } catch (const ModelFileError&) {
    throw;
  } catch (const std::exception& e) {
    fail(path, std::string("cannot be read as a LibTorch archive (truncated or corrupt?): ") + e.what());
  }
  torch::serialize::InputArchive archive;
  try {
    // Onto the CPU: a file written from a GPU loads on a machine without one.
    archive.load_from(path, torch::Device(torch::kCPU));
    read(archive);
  } catch (const ModelFileError&) {
    throw;
  } catch (const std::exception& e) {
    // LibTorch's messages hold a C++ stack trace; the first line is enough.
    std::string message = e.what();
    fail(path, message.substr(0, message.find('\n')));
  }
}

void saveModel(Transformer& model, const std::string& path, const ArchiveWriter& extra) {
  torch::serialize::OutputArchive archive;
  archive.write("format", c10::IValue(std::string(kModelFormat)));
  archive.write("format_version", c10::IValue(kModelFormatVersion));
  const std::string options_text = toJson(model->options()).dump();
  archive.write("options", c10::IValue(options_text));
  archive.write("checksum", c10::IValue(checksumOf(*model, options_text)));
  writeModule(*model, archive);
  if (extra) extra(archive);
  writeAtomically(path, [&](FileSink& sink) {
    // LibTorch's archive writer must never see a failed write: it would throw
    // again from its destructor, and std::terminate would end the program.
    // The first failure is kept, the rest of the archive goes nowhere, and
    // the failure is thrown once the writer is done.
    std::exception_ptr failure;
    archive.save_to([&](const void* data, size_t size) -> size_t {
      if (!failure) {
        try {
          sink.write(data, size);
        } catch (...) {
          failure = std::current_exception();
        }
      }
      return size;
    });
    if (failure) std::rethrow_exception(failure);
  });
}

TransformerOptions readModelOptions(const std::string& path) { return readOptions(openArchive(path)->root(), path); }

Transformer loadModel(const std::string& path, const torch::Device& device) {
  auto archive = openArchive(path);
  const PickleValue& root = archive->root();
  auto options = readOptions(root, path);
  requireWeightsFit(options, path);
  Transformer model(options);
  try {
    readModule(*model, *archive, root, "", path);
  } catch (const ModelFileError&) {
    throw;
  } catch (const ArchiveFormatError& e) {
    fail(path, std::string("is corrupt: ") + e.what());
  } catch (const std::exception& e) {
    fail(path, std::string("cannot be read: ") + e.what());
  }
  // The checksum covers the options' text and every tensor (older files have none).
  if (const PickleValue* stored = root.attribute("checksum")) {
    if (stored->kind != PickleValue::Kind::String ||
        stored->text != checksumOf(*model, stringEntry(root, "options", path)))
      fail(path, "is corrupt: its checksum does not match its contents");
  }
  model->to(device);
  return model;
}

}  // namespace studio::model
