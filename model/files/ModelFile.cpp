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

namespace studio::model {

namespace fs = std::filesystem;

namespace {

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw ModelFileError("model file '" + path + "': " + what);
}

std::string shapeString(const torch::Tensor& t) {
  std::ostringstream out;
  out << t.sizes();
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

// Reads every tensor `module` expects, checking names and shapes; copies into
// the module only what was checked. `prefix` names the place for errors.
void readModule(torch::nn::Module& module, torch::serialize::InputArchive& archive,
                const std::string& prefix, const std::string& path) {
  auto readTensors = [&](auto&& named, bool is_buffer) {
    for (auto& item : named) {
      const std::string name = prefix + item.key();
      torch::Tensor stored;
      if (!archive.try_read(item.key(), stored, is_buffer))
        fail(path, std::string(is_buffer ? "buffer" : "parameter") + " '" + name + "' is missing");
      if (!stored.sizes().equals(item.value().sizes()))
        fail(path, "'" + name + "' has shape " + shapeString(stored) + " but the model's options need " +
                       shapeString(item.value()));
      if (stored.scalar_type() != item.value().scalar_type())
        fail(path, "'" + name + "' has an unexpected type");
      torch::NoGradGuard no_grad;
      item.value().copy_(stored);
    }
  };
  readTensors(module.named_parameters(/*recurse=*/false), false);
  readTensors(module.named_buffers(/*recurse=*/false), true);
  for (auto& child : module.named_children()) {
    torch::serialize::InputArchive child_archive;
    if (!archive.try_read(child.key(), child_archive))
      fail(path, "module '" + prefix + child.key() + "' is missing");
    readModule(*child.value(), child_archive, prefix + child.key() + ".", path);
  }
}

TransformerOptions readOptions(torch::serialize::InputArchive& archive, const std::string& path,
                               std::string* options_text = nullptr) {
  c10::IValue format, version, options;
  if (!archive.try_read("format", format) || !format.isString() ||
      format.toStringRef() != kModelFormat)
    fail(path, "not an Attention Studio model (no 'format' entry)");
  if (!archive.try_read("format_version", version) || !version.isInt())
    fail(path, "no 'format_version' entry");
  if (version.toInt() > kModelFormatVersion)
    fail(path, "format version " + std::to_string(version.toInt()) +
                   " is newer than this program reads (" + std::to_string(kModelFormatVersion) + ")");
  if (!archive.try_read("options", options) || !options.isString())
    fail(path, "no 'options' entry");
  if (options_text) *options_text = options.toStringRef();
  try {
    auto parsed = transformerOptionsFromJson(nlohmann::json::parse(options.toStringRef()));
    parsed.validate();
    return parsed;
  } catch (const std::exception& e) {
    fail(path, std::string("bad options: ") + e.what());
  }
}

void openArchive(torch::serialize::InputArchive& archive, const std::string& path) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) fail(path, "no such file");
  try {
    archive.load_from(path);
  } catch (const std::exception& e) {
    // LibTorch's message holds a C++ stack trace; its first line is enough.
    std::string message = e.what();
    message = message.substr(0, message.find('\n'));
    fail(path, "cannot be read as a LibTorch archive (truncated or corrupt?): " + message);
  }
}

}  // namespace

void saveModel(Transformer& model, const std::string& path) { saveModel(model, path, ArchiveWriter()); }

void readModelArchive(const std::string& path,
                      const std::function<void(torch::serialize::InputArchive&)>& read) {
  torch::serialize::InputArchive archive;
  openArchive(archive, path);
  try {
    read(archive);
  } catch (const ModelFileError&) {
    throw;
  } catch (const std::exception& e) {
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

TransformerOptions readModelOptions(const std::string& path) {
  torch::serialize::InputArchive archive;
  openArchive(archive, path);
  return readOptions(archive, path);
}

Transformer loadModel(const std::string& path, const torch::Device& device) {
  torch::serialize::InputArchive archive;
  openArchive(archive, path);
  std::string options_text;
  auto options = readOptions(archive, path, &options_text);
  Transformer model(options);
  try {
    readModule(*model, archive, "", path);
  } catch (const ModelFileError&) {
    throw;
  } catch (const std::exception& e) {
    std::string message = e.what();
    fail(path, "cannot be read: " + message.substr(0, message.find('\n')));
  }
  c10::IValue stored_checksum;
  if (archive.try_read("checksum", stored_checksum)) {
    if (!stored_checksum.isString() || stored_checksum.toStringRef() != checksumOf(*model, options_text))
      fail(path, "is corrupt: its checksum does not match its contents");
  }
  model->to(device);
  return model;
}

}  // namespace studio::model
