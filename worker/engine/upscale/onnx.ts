/**
 * The upscaling networks ship as Keras layers models for tfjs (`model.json` + weight shards). This
 * rewrites one as an ONNX graph, in memory, so ONNX Runtime's native CPU kernels can run it
 * (docs/decisions/091-upscaler-on-onnx-runtime.md). The RDNs use six layer types, all of which map
 * to one ONNX operator each. The graph takes and returns NCHW float32 in 0..255. The model's own
 * input range is applied inside the graph.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import onnxProto, { type onnx as Onnx } from 'onnx-proto';

// onnx-proto is CommonJS (protobufjs static code): its namespace arrives as the default export.
const { onnx } = onnxProto;

interface KerasLayer {
  class_name: string;
  name: string;
  config: Record<string, unknown>;
  inbound_nodes: [string, number, number, object][][];
}

interface WeightSpec {
  name: string;
  shape: number[];
  dtype: 'float32';
  /** Post-training quantisation (tfjs converter): value = min + scale × stored integer. */
  quantization?: { dtype: 'uint8' | 'uint16'; min: number; scale: number };
}

interface LayersManifest {
  modelTopology: { model_config: { config: { layers: KerasLayer[]; output_layers: [string, number, number][] } } };
  weightsManifest: { paths: string[]; weights: WeightSpec[] }[];
}

/** Every weight of the model by name, dequantised to float32. */
function readWeights(dir: string, manifest: LayersManifest): Map<string, { shape: number[]; data: Float32Array }> {
  const bytes = Buffer.concat(manifest.weightsManifest.flatMap((group) => group.paths.map((path) => readFileSync(join(dir, path)))));
  const weights = new Map<string, { shape: number[]; data: Float32Array }>();
  let offset = bytes.byteOffset;
  for (const spec of manifest.weightsManifest.flatMap((group) => group.weights)) {
    const count = spec.shape.reduce((product, side) => product * side, 1);
    const q = spec.quantization;
    let data: Float32Array;
    if (!q) {
      data = new Float32Array(bytes.buffer.slice(offset, offset + count * 4));
      offset += count * 4;
    } else {
      const stored =
        q.dtype === 'uint8' ? new Uint8Array(bytes.buffer, offset, count) : new Uint16Array(bytes.buffer.slice(offset, offset + count * 2));
      // A plain loop: `Float32Array.from(stored, fn)` goes through the iterator protocol, 10× slower here.
      data = new Float32Array(count);
      for (let i = 0; i < count; i++) data[i] = q.min + q.scale * stored[i]!;
      offset += count * stored.BYTES_PER_ELEMENT;
    }
    weights.set(spec.name, { shape: spec.shape, data });
  }
  return weights;
}

const attribute = (name: string, value: number | number[] | string) =>
  onnx.AttributeProto.create(
    Array.isArray(value)
      ? { name, ints: value, type: onnx.AttributeProto.AttributeType.INTS }
      : typeof value === 'string'
        ? { name, s: new TextEncoder().encode(value), type: onnx.AttributeProto.AttributeType.STRING }
        : { name, i: value, type: onnx.AttributeProto.AttributeType.INT },
  );

/** A Keras HWIO kernel as ONNX's OIHW. */
function toOihw({ shape, data }: { shape: number[]; data: Float32Array }): Float32Array {
  const [kh, kw, ci, co] = shape as [number, number, number, number];
  const out = new Float32Array(data.length);
  for (let y = 0; y < kh; y++)
    for (let x = 0; x < kw; x++)
      for (let i = 0; i < ci; i++)
        for (let o = 0; o < co; o++) out[((o * ci + i) * kh + y) * kw + x] = data[((y * kw + x) * ci + i) * co + o]!;
  return out;
}

class GraphBuilder {
  readonly nodes: Onnx.INodeProto[] = [];
  readonly initializers: Onnx.ITensorProto[] = [];

  constant(name: string, dims: number[], data: Float32Array) {
    this.initializers.push(
      onnx.TensorProto.create({
        name,
        dims,
        dataType: onnx.TensorProto.DataType.FLOAT,
        rawData: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      }),
    );
    return name;
  }

  node(opType: string, input: string[], output: string, attributes: Onnx.IAttributeProto[] = []) {
    this.nodes.push(onnx.NodeProto.create({ opType, input, output: [output], attribute: attributes }));
  }
}

/** One Keras layer as ONNX nodes writing a tensor named after the layer. */
function addLayer(graph: GraphBuilder, layer: KerasLayer, weights: ReturnType<typeof readWeights>) {
  const inputs = (layer.inbound_nodes[0] ?? []).map(([name]) => name);
  const { config, name } = layer;
  switch (layer.class_name) {
    case 'Conv2D': {
      const kernel = weights.get(`${name}/kernel`);
      const bias = weights.get(`${name}/bias`);
      const [kh, kw, ci, co] = (kernel?.shape ?? []) as number[];
      const pointwise = kh === 1 && kw === 1;
      const strides = config.strides as number[];
      if (!kernel || !bias || (config.padding !== 'same' && !pointwise) || strides.some((s) => s !== 1) || config.activation !== 'linear')
        throw new Error(`layer ${name}: only stride-1 "same" convolutions without a fused activation are supported`);
      const pad = [(kh! - 1) / 2, (kw! - 1) / 2, (kh! - 1) / 2, (kw! - 1) / 2];
      const w = graph.constant(`${name}/W`, [co!, ci!, kh!, kw!], toOihw(kernel));
      const b = graph.constant(`${name}/B`, [co!], bias.data);
      return graph.node('Conv', [inputs[0]!, w, b], name, [attribute('kernel_shape', [kh!, kw!]), attribute('pads', pad)]);
    }
    case 'Activation':
      if (config.activation !== 'relu') throw new Error(`layer ${name}: activation ${String(config.activation)}`);
      return graph.node('Relu', inputs, name);
    case 'Concatenate':
      return graph.node('Concat', inputs, name, [attribute('axis', 1)]);
    case 'Add':
      return inputs.slice(1).reduce((sum, input, i) => {
        const output = i === inputs.length - 2 ? name : `${name}/${i}`;
        graph.node('Add', [sum, input], output);
        return output;
      }, inputs[0]!);
    case 'UpSampling2D': {
      // Keras's nearest upsampling repeats each pixel: Resize with asymmetric coordinates and floor.
      const [sy, sx] = config.size as [number, number];
      const scales = graph.constant(`${name}/scales`, [4], new Float32Array([1, 1, sy, sx]));
      return graph.node('Resize', [inputs[0]!, '', scales], name, [
        attribute('mode', 'nearest'),
        attribute('coordinate_transformation_mode', 'asymmetric'),
        attribute('nearest_mode', 'floor'),
      ]);
    }
    default:
      throw new Error(`layer ${name}: ${layer.class_name} has no ONNX mapping here`);
  }
}

const imageValue = (name: string) =>
  onnx.ValueInfoProto.create({
    name,
    type: {
      tensorType: {
        elemType: onnx.TensorProto.DataType.FLOAT,
        shape: { dim: [{ dimValue: 1 }, { dimValue: 3 }, { dimParam: 'height' }, { dimParam: 'width' }] },
      },
    },
  });

/**
 * The Keras layers model in `dir` as an ONNX model (bytes). Input `image`, output `sr`: NCHW, 0..255.
 * `inputMax` is the range the network was trained on (255, or 1 for the models that take 0..1).
 */
export function kerasToOnnx(dir: string, inputMax: number): Uint8Array {
  const manifest = JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8')) as LayersManifest;
  const weights = readWeights(dir, manifest);
  const { layers, output_layers } = manifest.modelTopology.model_config.config;
  const graph = new GraphBuilder();
  const unit = inputMax / 255;
  for (const layer of layers) {
    if (layer.class_name !== 'InputLayer') addLayer(graph, layer, weights);
    else if (unit === 1) graph.node('Identity', ['image'], layer.name);
    else graph.node('Mul', ['image', graph.constant('input/unit', [], new Float32Array([unit]))], layer.name);
  }
  const last = output_layers[0]![0];
  if (unit === 1) graph.node('Identity', [last], 'sr');
  else graph.node('Mul', [last, graph.constant('output/unit', [], new Float32Array([1 / unit]))], 'sr');
  const model = onnx.ModelProto.create({
    irVersion: 8,
    opsetImport: [{ domain: '', version: 13 }],
    producerName: 'image-studio keras-to-onnx',
    graph: { name: 'rdn', node: graph.nodes, initializer: graph.initializers, input: [imageValue('image')], output: [imageValue('sr')] },
  });
  return onnx.ModelProto.encode(model).finish();
}
